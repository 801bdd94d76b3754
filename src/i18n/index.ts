export * from './languages.js';
export * from './negotiate.js';
export { createTranslator, escapeHtml, type Translator, type MessageValues, type TagRenderer, type RelativeUnit } from './translator.js';
export { translator, type MessageKey } from './catalogues/index.js';

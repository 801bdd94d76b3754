/**
 * What /assets/i18n-bn-<hash>.js sets in a Bengali page, before the client's modules load (see
 * english.ts). A module of its own: imports run before the importing file's statements.
 */
import { CLIENT_SECTIONS, compileCatalogue, withFallback } from '../../src/i18n/compile';
import { flatCatalogue } from '../../src/i18n/catalogues';

globalThis.__OUTFLANK_I18N__ = { lang: 'bn', messages: compileCatalogue(withFallback(flatCatalogue('bn'), flatCatalogue('en')), CLIENT_SECTIONS) };

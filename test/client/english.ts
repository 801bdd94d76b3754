/**
 * The page's language for the state modules' tests: what the page's `/assets/i18n-en-<hash>.js`
 * script sets in a browser (the catalogue's client sections, precompiled, scripts/build-client.ts).
 * Import it before anything of src/client, so that the client's translator finds it.
 */
import { CLIENT_SECTIONS, compileCatalogue } from '../../src/i18n/compile';
import { flatCatalogue } from '../../src/i18n/catalogues';

globalThis.__OUTFLANK_I18N__ = { lang: 'en', messages: compileCatalogue(flatCatalogue('en'), CLIENT_SECTIONS) };

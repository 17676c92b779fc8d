/** Name of the `<meta>` whose content is the JSON of `publicConfigData` (contract/auth.ts), put into every page. */
export const RUNTIME_CONFIG_META = 'switchback-config';

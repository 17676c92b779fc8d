import { RUNTIME_CONFIG_META } from '#contract/runtime-config';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's `<meta>` carrying the public configuration as JSON: data, not script, so the CSP is untouched. */
export const runtimeConfigMeta = (config: object) =>
  `<meta name="${RUNTIME_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}">`;

/** `html` with the configuration's `<meta>` added at the end of its head. */
export const withRuntimeConfig = (html: string, config: object) => html.replace('</head>', `  ${runtimeConfigMeta(config)}\n  </head>`);

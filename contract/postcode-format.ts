/**
 * Postcodes of every country (issue 19): spec §5's "1 to 6 digits" cut `SW1A 1AA`, `K1A 0B1` and `1234 AB`. Any
 * postcode is letters, digits, spaces and dashes, up to 10; `./postcode.ts` checks it against its country's format
 * too. Apart from that file so the wire schemas carry this rule without the formats library.
 */
export const POSTCODE_MAX = 10;
export const POSTCODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])?$/;
export const POSTCODE_FORMAT_MESSAGE = `Zip or postcode: letters, digits, spaces and dashes, up to ${POSTCODE_MAX}.`;

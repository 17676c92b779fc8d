import { XMLParser } from 'fast-xml-parser';
import { fieldError } from './errors';

/**
 * Reading uploaded XML (GPX, TCX) safely: the parser options, the refusals that run before it, and the readers of
 * its string values. One place, so every format read from a member's file gets the same hardening.
 */

export type XmlNode = Record<string, unknown>;

/**
 * A parser that reads no DOCTYPE and expands no entity (processEntities: false; files declaring either are refused
 * before parsing by `refuseDeclarations`): no billion laughs, no external entities. Values stay strings; numbers are
 * read by the callers, checked. `arrayTags` are the elements always read as lists, even when the file has one.
 */
export function safeXmlParser(arrayTags: readonly string[]) {
  const lists = new Set(arrayTags);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    removeNSPrefix: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (tag) => lists.has(tag),
  });
}

/** The file as text, without a byte-order mark. */
export const xmlText = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');

/** Refuses a file declaring a DOCTYPE or entities, anywhere in it, before any parsing. */
export function refuseDeclarations(text: string, format: string) {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw fieldError('file', `${format} files with a DOCTYPE or entity declarations are not accepted.`);
  }
}

/**
 * How many elements named one of `names` (any namespace prefix) the text opens, counting no further than `limit + 1`:
 * cheap and done before parsing, so a file of millions of points is refused before a tree of them is built.
 */
export function countElements(text: string, names: readonly string[], limit: number): number {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?(?:${names.join('|')})[\\s/>]`, 'g');
  let n = 0;
  while (re.exec(text) !== null) if (++n > limit) break;
  return n;
}

/** The element(s) under a key as a list of nodes, whether the parser made a list, one node, or nothing of it. */
export function nodes(v: unknown): XmlNode[] {
  const list = Array.isArray(v) ? v : [v];
  return list.filter((n): n is XmlNode => typeof n === 'object' && n !== null);
}

/** The one child node under a key, or an empty node. */
export const child = (parent: XmlNode | undefined, key: string): XmlNode => nodes(parent?.[key])[0] ?? {};

/** A decimal number as XML writes it (no hex, no `Infinity`), from an attribute's or an element's text; or null. */
export function readNumber(v: unknown): number | null {
  const text = textOf(v);
  if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** An element's text: a plain string, or the `#text` of one that has attributes. */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null && typeof (v as XmlNode)['#text'] === 'string') return (v as XmlNode)['#text'] as string;
  return '';
}

/**
 * An `xs:dateTime` as seconds since the epoch, or null. One without a zone is read as UTC, as GPX and TCX say their
 * times are (Date.parse would take the server's zone).
 */
export function readDateTime(v: unknown): number | null {
  const s = textOf(v).trim();
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return null;
  const zone = m[1] ? m[1].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
  const ms = Date.parse(s.slice(0, s.length - (m[1]?.length ?? 0)) + zone);
  return Number.isFinite(ms) ? ms / 1000 : null;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The text as the file means it: XML's five predefined entities and numeric character references decoded (only those;
 * nothing else is an entity here), control characters dropped, whitespace runs folded. It stays plain text: it is
 * stored and shown as text, never as markup.
 */
export function cleanText(v: string): string {
  return v
    .replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (whole, dec?: string, hex?: string, named?: string) => {
      if (named) return NAMED[named]!;
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    })
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

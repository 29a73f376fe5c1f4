/** Characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text without the characters XML cannot carry (a writer that escapes markup itself still needs this). */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Text safe in XML content and attributes: markup escaped, characters XML cannot carry left out. */
export function escapeXml(text: string): string {
  return xmlText(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

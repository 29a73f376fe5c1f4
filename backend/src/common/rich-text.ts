import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist for rich text written by staff (scheme, terms, policy) and shown on
 * the public site: what the admin's editor produces (headings, lists, links, images,
 * colours, alignment) and nothing that runs: no script or style elements, no event
 * handler attributes, no javascript:/data: URLs, and of CSS only colours and alignment
 * (so no url() either). Images come from the app's own uploads only (`/uploads/...`): an
 * image from any other host is a tracking pixel that tells that host of every visitor, so
 * the element is dropped.
 */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%]+\s*,\s*[\d.%]+\s*,\s*[\d.%]+\s*(,\s*[\d.]+\s*)?\)$/i, /^[a-z]{3,20}$/i];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup',
    'mark', 'span', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: COLOUR,
      'background-color': COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnUpload(frame.attribs.src),
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links that open a new tab do not hand the public page to the target.
    a: (tagName, attribs) => {
      if (attribs.target && attribs.target !== '_blank') delete attribs.target;
      if (attribs.target === '_blank') attribs.rel = 'noopener noreferrer';
      return { tagName, attribs };
    },
  },
};

/** A path under the app's uploads, and nothing that could leave it (`..`, `//`, a scheme). */
export const isOwnUpload = (src: string | undefined): boolean => !!src && /^\/uploads\/[\w.\-/]+$/.test(src) && !src.includes('..') && !src.includes('//');

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The demo's pictures, drawn as SVG (rendered by sharp in the seed): a motorcycle in a
 * model's colours, the hero scene in the brand's colours (a phone and a desktop crop), the
 * logo (its mark and the brand's name) and a winner's card. No other picture carries text:
 * names are the page's own text, beside the pictures.
 */

import { escapeXml } from '../../common/xml';

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A side-view motorcycle in a 300 x 180 box, its body in `colour`, a stripe in `accent`. */
export function motorcycle(colour: string, accent = '#f8fafc'): string {
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="130" r="36" fill="none" stroke="#0f172a" stroke-width="12"/>` +
    `<circle cx="${cx}" cy="130" r="24" fill="none" stroke="#cbd5e1" stroke-width="3"/>` +
    `<path d="M${cx - 24} 130h48M${cx} 106v48" stroke="#94a3b8" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="130" r="6" fill="#e2e8f0"/>`;
  return (
    wheel(66) +
    wheel(234) +
    // swingarm, exhaust, fork
    `<path d="M66 130 138 116" stroke="#334155" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M150 136H98q-16 0-28-14" fill="none" stroke="#94a3b8" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M234 130 206 62" stroke="#94a3b8" stroke-width="7" stroke-linecap="round"/>` +
    // engine
    `<rect x="116" y="98" width="54" height="40" rx="8" fill="#475569"/>` +
    `<path d="M124 108h38M124 117h38M124 126h38" stroke="#64748b" stroke-width="3"/>` +
    // rear fender, body (tail, seat base, tank), seat, fairing
    `<path d="M40 104q20-26 56-22" fill="none" stroke="${colour}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M52 84 96 88 138 70q34-12 66-2l8 14-22 16-30 6-46 2-54-18z" fill="${colour}"/>` +
    `<path d="M146 76q26-8 50-2" fill="none" stroke="${accent}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M60 82q26-2 44 2l30-12" fill="none" stroke="#0f172a" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M204 66q20 2 30 18l-6 10-22-6z" fill="${colour}"/>` +
    `<circle cx="230" cy="86" r="6" fill="#fde68a"/>` +
    `<path d="M200 58 186 48" stroke="#0f172a" stroke-width="5" stroke-linecap="round"/>`
  );
}

/** A model's picture: its motorcycle on a soft card of its colour (800 x 500). */
export function modelPicture(colour: string): string {
  return svg(
    800,
    500,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="${colour}" stop-opacity=".35"/></linearGradient></defs>` +
      `<rect width="800" height="500" fill="url(#bg)"/>` +
      `<ellipse cx="400" cy="418" rx="300" ry="22" fill="#0f172a" opacity=".18"/>` +
      `<g transform="translate(100 50) scale(2)">${motorcycle(colour)}</g>`,
  );
}

/**
 * The hero scene in the brand's colours: a dusk sky from the secondary colour, hills, a
 * road and the motorcycle in the primary colour. `w` x `h`; the bike sits at `bikeX` (0-1 of
 * the width) and is `bikeHeight` (0-1) of the height tall.
 */
export function heroScene(w: number, h: number, colours: { primary: string; secondary: string }, bikeX = 0.5, bikeHeight = 0.42): string {
  const horizon = h * 0.62;
  const road = h * 0.8;
  const scale = (h * bikeHeight) / 180;
  const bikeW = 300 * scale;
  const x = Math.max(0, Math.min(w - bikeW, w * bikeX - bikeW / 2));
  const ridge = (y: number, amp: number, n: number) => {
    const step = w / n;
    let d = `M0 ${y}`;
    for (let i = 0; i < n; i++) d += ` L${(i + 0.5) * step} ${y - amp * (0.55 + ((i * 37) % 10) / 22)} L${(i + 1) * step} ${y}`;
    return `${d} V${h} H0z`;
  };
  return svg(
    w,
    h,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.secondary}"/><stop offset=".62" stop-color="#c2410c"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>` +
      `<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#374151"/><stop offset="1" stop-color="#0b1220"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
      `<circle cx="${w * 0.8}" cy="${h * 0.3}" r="${h * 0.12}" fill="#fde68a" opacity=".85"/>` +
      `<path d="${ridge(horizon, h * 0.4, 5)}" fill="#475569"/>` +
      `<path d="${ridge(horizon + h * 0.08, h * 0.16, 8)}" fill="#1e293b"/>` +
      `<rect y="${road}" width="${w}" height="${h - road}" fill="url(#road)"/>` +
      `<path d="M0 ${road + (h - road) * 0.5}H${w}" stroke="#fbbf24" stroke-width="${Math.max(3, h / 90)}" stroke-dasharray="${w / 26} ${w / 40}"/>` +
      `<g transform="translate(${x} ${road - 166 * scale}) scale(${scale})">${motorcycle(colours.primary)}</g>`,
  );
}

/** The logo: a round mark in the brand's colour (a peak and a road) and the brand's name beside it (600 x 160). */
export function logo(primary: string, name: string): string {
  // A bold letter of DejaVu Sans is about 0.7 of its size wide: the name fits the 410 px beside the mark.
  const size = Math.round(Math.min(48, 410 / (0.7 * Math.max(1, name.length))));
  return svg(
    600,
    160,
    `<circle cx="80" cy="80" r="76" fill="${primary}"/>` +
      `<path d="M24 112 62 52l18 24 18-30 38 66z" fill="#fff"/>` +
      `<path d="m62 52 12 16-12-6-10 9z" fill="#fde68a"/>` +
      `<path d="M40 128h80" stroke="#fde68a" stroke-width="10" stroke-linecap="round" stroke-dasharray="20 12"/>` +
      `<text x="176" y="${80 + size * 0.36}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#0f172a">${escapeXml(name)}</text>`,
  );
}

/** A winner's video card: confetti over the motorcycle in the card's colour (640 x 360). */
export function winnerCard(colour: string): string {
  const dots = Array.from({ length: 28 }, (_, i) => {
    const x = (i * 97) % 640;
    const y = (i * 53) % 150;
    const c = ['#fde68a', '#f8fafc', '#fca5a5', '#93c5fd'][i % 4];
    return `<rect x="${x}" y="${y + 10}" width="10" height="5" rx="2" fill="${c}" transform="rotate(${(i * 29) % 90} ${x} ${y + 10})"/>`;
  }).join('');
  return svg(
    640,
    360,
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>` +
      `<rect width="640" height="360" fill="url(#w)"/>${dots}` +
      `<g transform="translate(125 105) scale(1.3)">${motorcycle('#f8fafc', colour)}</g>`,
  );
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../tests/support/browser.ts';

/**
 * `npx tsx scripts/generate-seed-logos.ts`: draws the fictional ecosystem
 * solutions' logos that supabase/seed.sql refers to and writes them as PNGs to
 * supabase/seed-assets/brand_assets/ecosystem/. The PNGs are committed; this
 * script only exists so they can be redrawn (a new seeded solution, a new
 * size) instead of being opaque binaries. Chromium renders the SVG, so no
 * image library is needed.
 */
const SIZE = 160;
const OUT_DIR = join(import.meta.dirname, '../supabase/seed-assets/brand_assets/ecosystem');

const square = (fill: string, inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 160 160">` +
  `<rect x="4" y="4" width="152" height="152" rx="34" fill="${fill}"/>${inner}</svg>`;

const LOGOS: Record<string, string> = {
  // A chip read by a phone: concentric arcs around a check.
  'veridis-identity': square(
    '#1d3f8f',
    '<path d="M44 80a36 36 0 0 1 72 0M32 80a48 48 0 0 1 96 0" fill="none" stroke="#9cc3ff" stroke-width="8" stroke-linecap="round"/>' +
      '<path d="M56 92l16 16 34-38" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // A document with a folded corner and a check.
  docuproof: square(
    '#c2410c',
    '<path d="M50 30h42l22 22v78H50z" fill="#fff"/><path d="M92 30v22h22" fill="#fed7aa"/>' +
      '<path d="M64 92l12 12 24-28" fill="none" stroke="#c2410c" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // A wallet whose flap forms a bridge.
  'passerelle-wallet': square(
    '#5b21b6',
    '<rect x="30" y="52" width="100" height="70" rx="12" fill="#fff"/>' +
      '<path d="M38 52c10-22 74-22 84 0" fill="none" stroke="#c4b5fd" stroke-width="8" stroke-linecap="round"/>' +
      '<circle cx="108" cy="87" r="9" fill="#5b21b6"/>',
  ),
  // An identity card: a portrait and two lines.
  'frontdesk-id': square(
    '#0f766e',
    '<rect x="26" y="44" width="108" height="72" rx="10" fill="#fff"/>' +
      '<circle cx="56" cy="74" r="12" fill="#0f766e"/><path d="M38 104c4-12 32-12 36 0z" fill="#0f766e"/>' +
      '<path d="M86 70h34M86 86h24" stroke="#5eead4" stroke-width="8" stroke-linecap="round"/>',
  ),
  // A medical cross with a check.
  clinicheck: square(
    '#be123c',
    '<path d="M64 30h32v34h34v32H96v34H64V96H30V64h34z" fill="#fff"/>' +
      '<path d="M62 80l12 12 24-26" fill="none" stroke="#be123c" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // Two systems joined by a bridge.
  'northbridge-integrations': square(
    '#1e293b',
    '<path d="M40 104c0-44 80-44 80 0" fill="none" stroke="#fbbf24" stroke-width="10" stroke-linecap="round"/>' +
      '<path d="M40 104h80M60 104V84M80 104V78M100 104V84" stroke="#fbbf24" stroke-width="6" stroke-linecap="round"/>' +
      '<circle cx="40" cy="104" r="12" fill="#fff"/><circle cx="120" cy="104" r="12" fill="#fff"/>',
  ),
};

mkdirSync(OUT_DIR, { recursive: true });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  for (const [name, svg] of Object.entries(LOGOS)) {
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true, type: 'png' });
    writeFileSync(join(OUT_DIR, `${name}.png`), png);
    console.log(`wrote ${name}.png (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}

/**
 * Goods pictures drawn as SVG from a drawing key (popcorn, drink, combo, ...), two colours and the
 * name: the demo needs images and nothing may be fetched from the internet. A real chain would
 * upload photos instead.
 */
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const safeColor = (color: string | undefined, fallback: string) =>
  color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : fallback;

/** Each drawing fits a 200 × 200 box centred at (100, 96); `a` is the light colour, `b` the dark. */
const drawings: Record<string, (a: string, b: string) => string> = {
  popcorn: (a, b) => `
<g fill="#fffbeb" stroke="${b}" stroke-width="2">
  <circle cx="66" cy="62" r="18"/><circle cx="88" cy="50" r="19"/><circle cx="112" cy="50" r="19"/>
  <circle cx="134" cy="62" r="18"/><circle cx="100" cy="66" r="18"/><circle cx="76" cy="76" r="14"/>
  <circle cx="124" cy="76" r="14"/>
</g>
<g fill="${a}" opacity="0.9"><circle cx="92" cy="46" r="5"/><circle cx="122" cy="58" r="4"/></g>
<path d="M58 78 L142 78 L130 160 L70 160 Z" fill="#ffffff" stroke="${b}" stroke-width="3"/>
<path d="M70 78 L80 160 L92 160 L86 78 Z M102 78 L104 160 L116 160 L118 78 Z" fill="${b}"/>
<path d="M130 78 L134 78 L124 160 L120 160 Z" fill="${b}"/>`,
  drink: (a, b) => `
<path d="M104 20 L114 20 L108 62 L100 62 Z" fill="${b}"/>
<path d="M64 56 L136 56 L126 166 L74 166 Z" fill="${a}" stroke="${b}" stroke-width="3"/>
<rect x="58" y="48" width="84" height="12" rx="4" fill="${b}"/>
<path d="M70 96 L130 96 L128 120 L72 120 Z" fill="#ffffff" opacity="0.85"/>
<g fill="#ffffff" opacity="0.5"><circle cx="86" cy="140" r="4"/><circle cx="110" cy="148" r="3"/></g>`,
  bottle: (a, b) => `
<rect x="90" y="22" width="20" height="16" rx="3" fill="${b}"/>
<path d="M88 38 L112 38 L112 52 Q132 62 132 84 L132 160 Q132 170 122 170 L78 170 Q68 170 68 160 L68 84 Q68 62 88 52 Z"
  fill="${a}" stroke="${b}" stroke-width="3"/>
<rect x="68" y="100" width="64" height="30" fill="#ffffff" opacity="0.85"/>`,
  coffee: (a, b) => `
<path d="M84 30 Q74 40 84 50 M104 26 Q94 38 104 50 M124 30 Q114 40 124 50" fill="none" stroke="${b}"
  stroke-width="4" stroke-linecap="round" opacity="0.6"/>
<path d="M58 64 L142 64 L134 160 Q134 168 126 168 L74 168 Q66 168 66 160 Z" fill="${a}" stroke="${b}"
  stroke-width="3"/>
<rect x="52" y="58" width="96" height="12" rx="4" fill="${b}"/>
<rect x="64" y="104" width="72" height="26" fill="#ffffff" opacity="0.8"/>`,
  combo: (a, b) => `
<g fill="#fffbeb" stroke="${b}" stroke-width="2">
  <circle cx="50" cy="78" r="14"/><circle cx="70" cy="68" r="15"/><circle cx="90" cy="78" r="14"/>
</g>
<path d="M36 88 L104 88 L96 166 L44 166 Z" fill="#ffffff" stroke="${b}" stroke-width="3"/>
<path d="M48 88 L56 166 L66 166 L62 88 Z M78 88 L78 166 L88 166 L92 88 Z" fill="${b}"/>
<path d="M146 30 L154 30 L150 66 L142 66 Z" fill="${b}"/>
<path d="M116 62 L172 62 L164 166 L124 166 Z" fill="${a}" stroke="${b}" stroke-width="3"/>
<rect x="112" y="56" width="64" height="10" rx="4" fill="${b}"/>`,
  hotdog: (a, b) => `
<ellipse cx="100" cy="112" rx="74" ry="30" fill="${a}" stroke="${b}" stroke-width="3"/>
<rect x="28" y="90" width="144" height="24" rx="12" fill="${b}"/>
<path d="M40 100 Q56 88 72 100 T104 100 T136 100 T164 100" fill="none" stroke="#fde047" stroke-width="5"
  stroke-linecap="round"/>`,
  fries: (a, b) => `
<g fill="#fde047" stroke="#ca8a04" stroke-width="2">
  <rect x="66" y="34" width="12" height="70" rx="3" transform="rotate(-8 72 70)"/>
  <rect x="84" y="26" width="12" height="78" rx="3"/><rect x="102" y="30" width="12" height="74" rx="3"/>
  <rect x="120" y="36" width="12" height="68" rx="3" transform="rotate(8 126 70)"/>
</g>
<path d="M56 76 L144 76 L132 166 L68 166 Z" fill="${b}"/>
<path d="M56 76 Q100 104 144 76" fill="${a}" opacity="0.9"/>`,
  nachos: (a, b) => `
<ellipse cx="100" cy="138" rx="78" ry="26" fill="${b}"/>
<g fill="${a}" stroke="#a16207" stroke-width="2">
  <path d="M44 128 L72 60 L98 126 Z"/><path d="M80 130 L112 52 L140 128 Z"/><path d="M118 130 L150 70 L164 132 Z"/>
</g>
<ellipse cx="100" cy="132" rx="30" ry="10" fill="#facc15"/>`,
  icecream: (a, b) => `
<circle cx="84" cy="70" r="28" fill="${a}" stroke="${b}" stroke-width="3"/>
<circle cx="116" cy="70" r="28" fill="#ffffff" stroke="${b}" stroke-width="3"/>
<path d="M62 90 L138 90 L100 172 Z" fill="#f59e0b" stroke="#b45309" stroke-width="3"/>
<path d="M78 108 L106 146 M122 108 L94 146" stroke="#b45309" stroke-width="2"/>`,
  nuggets: (a, b) => `
<path d="M50 84 L150 84 L138 166 L62 166 Z" fill="${b}"/>
<g fill="${a}" stroke="#9a3412" stroke-width="2">
  <ellipse cx="72" cy="76" rx="18" ry="14"/><ellipse cx="102" cy="66" rx="20" ry="15"/>
  <ellipse cx="130" cy="78" rx="17" ry="13"/><ellipse cx="92" cy="90" rx="16" ry="12"/>
</g>`,
};

export function goodsImageSvg(goods: {
  name: string;
  image_key: string;
  image_colors: string[];
}): string {
  const light = safeColor(goods.image_colors[0], '#e5e7eb');
  const dark = safeColor(goods.image_colors[1], '#4b5563');
  const draw = drawings[goods.image_key] ?? drawings.combo!;
  const name = escapeXml(goods.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="240" height="240" rx="16" fill="url(#g)"/>
<circle cx="120" cy="112" r="92" fill="${light}" opacity="0.55"/>
<g transform="translate(20 10)">${draw(light, dark)}</g>
<text x="120" y="222" fill="${dark}" font-size="17" font-weight="700" text-anchor="middle" font-family="'Noto Sans CJK SC','PingFang SC',sans-serif">${name}</text>
</svg>`;
}

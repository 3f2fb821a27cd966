import { GREEN, LIGHT_STEEL, RED, RUBBER, STEEL, YELLOW } from './palette.ts';

/** Rounds a coordinate to one decimal, so the generated shapes stay short. */
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Small round pieces (pellets, granules) heaped in rows on the floor; `fills` cycle ('' keeps the trade colour). */
function heap(cx: number, baseY: number, halfW: number, height: number, r: number, fills: string[]) {
  let out = '';
  for (let row = 0; ; row++) {
    const y = baseY - r - row * r * 1.6;
    if (y < baseY - height) break;
    const half = halfW * Math.sqrt(1 - Math.min(1, (baseY - y) / height));
    const step = r * 2.15;
    for (let x = -half + ((row % 2) * step) / 2; x <= half; x += step) {
      const fill = fills[(row + Math.round((x + halfW) / step)) % fills.length];
      out += `<circle cx="${r1(cx + x)}" cy="${r1(y)}" r="${r}"${fill ? ` fill="${fill}"` : ''}/>`;
    }
  }
  return out;
}

/** A cylinder lying with its axis going back-left (oblique view), as [body, front end]: a roll of fabric. */
function roll(cx: number, cy: number, r: number, fill: string) {
  const [dx, dy] = [-80, -40];
  const [nx, ny] = [0.447 * r, -0.894 * r];
  const f = fill ? ` fill="${fill}"` : '';
  const pts = [
    [cx + nx, cy + ny],
    [cx + dx + nx, cy + dy + ny],
    [cx + dx - nx, cy + dy - ny],
    [cx - nx, cy - ny],
  ]
    .map((p) => p.map(r1).join(','))
    .join(' ');
  return [
    `<circle cx="${cx + dx}" cy="${cy + dy}" r="${r}"${f}/><polygon points="${pts}"${f}/><polygon points="${pts}" fill="#000000" opacity="0.18"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}"${f}/>` +
      `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.66)}" fill="none" stroke="#000000" stroke-opacity="0.2" stroke-width="3"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.2)}" fill="#c8a27a"/><circle cx="${cx}" cy="${cy}" r="${r1(r * 0.1)}" fill="#5a4028"/>`,
  ];
}

/** Rolls drawn bodies first, then `between` (e.g. unrolled cloth), then their front ends, which lie in one plane. */
function rolls(list: [number, number, number, string][], between = '') {
  const parts = list.map((args) => roll(...args));
  return parts.map((p) => p[0]).join('') + between + parts.map((p) => p[1]).join('');
}

/** A yarn cone standing on its base: a paper tube, the wound body and a few thread lines. */
function cone(cx: number, baseY: number, h: number, fill: string) {
  const [bot, top] = [66, 30];
  const f = fill ? ` fill="${fill}"` : '';
  let lines = '';
  for (let i = 1; i <= 6; i++) {
    const y = baseY - (h * i) / 7;
    const w = bot - ((bot - top) * i) / 7;
    lines += `<path d="M${r1(cx - w)},${r1(y)} q${r1(w)},14 ${r1(2 * w)},0" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="3"/>`;
  }
  return (
    `<path d="M${cx - 20},${baseY - h - 24} h40 l6,30 h-52 z" fill="#c8a27a"/><ellipse cx="${cx}" cy="${baseY - h - 24}" rx="20" ry="6" fill="#5a4028"/>` +
    `<path d="M${cx - bot},${baseY} L${cx - top},${baseY - h} a${top},9 0 0 1 ${2 * top},0 L${cx + bot},${baseY} a${bot},14 0 0 1 ${-2 * bot},0 z"${f}/>` +
    `<path d="M${cx + 24},${baseY - h + 6} L${cx + bot - 6},${baseY - 4} a${bot},14 0 0 1 -20,8 L${cx + 12},${baseY - h + 8} z" fill="#000000" opacity="0.12"/>` +
    lines
  );
}

/** A spice bowl seen slightly from above, filled with a heap of powder of the given colour. */
function bowl(cx: number, cy: number, rx: number, powder: string) {
  return (
    `<path d="M${cx - rx},${cy} a${rx},${r1(rx * 0.72)} 0 0 0 ${2 * rx},0 z"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${r1(rx * 0.22)}" fill="${powder}"/>` +
    `<path d="M${r1(cx - rx * 0.85)},${cy} q${r1(rx * 0.85)},${r1(-rx * 1.15)} ${r1(rx * 1.7)},0 z" fill="${powder}"/>` +
    `<path d="M${r1(cx - rx * 0.85)},${cy} q${r1(rx * 0.85)},${r1(-rx * 1.15)} ${r1(rx * 1.7)},0 q${r1(-rx * 0.5)},${r1(-rx * 0.35)} ${r1(-rx * 0.95)},${r1(-rx * 0.28)} z" fill="#ffffff" opacity="0.22"/>` +
    `<path d="M${cx - rx + 6},${cy + 4} a${rx - 6},${r1(rx * 0.6)} 0 0 0 ${r1(rx * 0.6)},${r1(rx * 0.55)}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="6"/>`
  );
}

/** The front of a folded towel in a stack: soft rounded ends, the fold line and a woven border. */
function towel(x: number, y: number, w: number, fill: string) {
  const f = fill ? ` fill="${fill}"` : '';
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="52" rx="26"${f}/>` +
    `<rect x="${x + 22}" y="${y + 36}" width="${w - 44}" height="7" fill="#000000" opacity="0.12"/>` +
    `<path d="M${x + 24},${y + 22} q${w / 2 - 24},10 ${w - 48},0" fill="none" stroke="#000000" stroke-opacity="0.12" stroke-width="3"/>` +
    `<path d="M${x + 12},${y + 12} a22,22 0 0 0 0,28" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="5"/>` +
    `<path d="M${x + w - 8},${y + 14} a22,22 0 0 1 0,24" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="5"/>`
  );
}

/** An ear of wheat on its stalk, standing from (x, y) and leaning by `angle` degrees. */
function wheat(x: number, y: number, angle: number) {
  let kernels = '';
  for (let i = 0; i < 4; i++) {
    const ky = -70 - i * 16;
    kernels += `<ellipse cx="-7" cy="${ky}" rx="7" ry="12" transform="rotate(-22 -7 ${ky})"/><ellipse cx="7" cy="${ky}" rx="7" ry="12" transform="rotate(22 7 ${ky})"/>`;
  }
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0,0 V-130" stroke="#b8913a" stroke-width="5" fill="none"/><g fill="#d4a94a">${kernels}<ellipse cx="0" cy="-130" rx="6" ry="12"/></g><path d="M-10,-120 l-8,-20 M10,-120 l8,-20 M0,-138 v-18" stroke="#b8913a" stroke-width="2.5"/></g>`;
}

/** Drawings of the chemicals, packaging, textiles and agriculture sub-categories: one recognisable object per sub-category (see demo-images.ts). */
export const MATERIAL_DRAWINGS: Record<string, string> = {
  // A jerrycan with a carrying handle and a hazard diamond, in front of a blue plastic drum.
  'Industrial Chemicals':
    '<path d="M20,-50 v200 a65,14 0 0 0 130,0 v-200 z" fill="#2f6db5"/><rect x="28" y="-44" width="26" height="200" fill="#ffffff" opacity="0.18"/>' +
    '<rect x="20" y="15" width="130" height="10" fill="#1f4f8a"/><rect x="20" y="90" width="130" height="10" fill="#1f4f8a"/>' +
    '<ellipse cx="85" cy="-50" rx="65" ry="14" fill="#5b93d6"/><ellipse cx="115" cy="-52" rx="12" ry="5" fill="#1f4f8a"/>' +
    '<path d="M-115,-60 v-45 q0,-25 25,-25 h70 q25,0 25,25 v45 z"/><rect x="-95" y="-112" width="70" height="32" rx="14" fill="BG"/>' +
    `<rect x="-150" y="-92" width="30" height="36" rx="4" fill="LIGHT"/><rect x="-155" y="-102" width="40" height="16" rx="5" fill="${RUBBER}"/>` +
    '<rect x="-160" y="-62" width="170" height="222" rx="18"/><rect x="-14" y="-62" width="24" height="222" rx="10" fill="BG" opacity="0.35"/>' +
    '<rect x="-142" y="-40" width="118" height="182" rx="12" fill="#ffffff" opacity="0.12"/>' +
    `<rect x="-40" y="-40" width="80" height="80" rx="4" fill="#ffffff" stroke="${RED}" stroke-width="8" transform="translate(-83 52) rotate(45)"/>` +
    `<path d="M-83,20 q30,24 21,50 q-5,14 -21,14 q-16,0 -21,-14 q-7,-20 9,-34 q0,14 10,18 q5,-18 2,-34 z M-106,88 h46 v7 h-46 z" fill="${RUBBER}"/>`,

  // An open paint tin full of paint, a drip running down, a brush resting in it.
  'Paints & Coatings':
    '<path d="M-120,-45 v170 a100,28 0 0 0 200,0 v-170 z" fill="#c5ccd3"/><path d="M-120,-45 v170 a100,28 0 0 0 40,22 v-170 z" fill="#ffffff" opacity="0.3"/>' +
    '<path d="M-120,55 v60 a100,28 0 0 0 200,0 v-60 a100,28 0 0 1 -200,0 z"/>' +
    '<path d="M80,-45 v170 a100,28 0 0 1 -50,24 v-170 z" fill="#000000" opacity="0.12"/>' +
    `<ellipse cx="-20" cy="-45" rx="100" ry="28" fill="${STEEL}"/><ellipse cx="-20" cy="-45" rx="90" ry="22"/>` +
    '<ellipse cx="-45" cy="-52" rx="40" ry="8" fill="#ffffff" opacity="0.3"/>' +
    '<path d="M-85,-22 v40 a10,10 0 0 0 20,0 v-12 q6,-6 12,0 v42 a10,10 0 0 0 20,0 v-62 q-26,4 -52,-8 z"/>' +
    '<g transform="translate(75 -78) rotate(35)"><rect x="-14" y="-100" width="28" height="72" rx="12" fill="#b07a45"/>' +
    `<circle cy="-86" r="5" fill="#5a4028"/><rect x="-24" y="-34" width="48" height="36" rx="4" fill="${LIGHT_STEEL}"/>` +
    `<rect x="-24" y="-24" width="48" height="6" fill="${STEEL}"/><path d="M-24,2 h48 v38 q-24,14 -48,0 z" fill="#3a3a3a"/>` +
    '<path d="M-24,22 h48 v18 q-24,14 -48,0 z"/></g>',

  // A sealant cartridge with its nozzle, loaded in a caulking gun with trigger and plunger rod.
  'Adhesives & Sealants':
    `<rect x="122" y="0" width="40" height="9" rx="3" fill="${LIGHT_STEEL}"/><rect x="154" y="-16" width="12" height="40" rx="4" fill="${STEEL}"/>` +
    '<rect x="-84" y="-30" width="176" height="70" rx="10"/><rect x="-84" y="-22" width="176" height="12" fill="#ffffff" opacity="0.3"/>' +
    '<rect x="-30" y="-30" width="70" height="70" fill="LIGHT" opacity="0.55"/><rect x="78" y="-30" width="14" height="70" fill="BG" opacity="0.5"/>' +
    '<path d="M-84,-28 L-104,-8 v26 L-84,38 z" opacity="0.8"/>' +
    `<path d="M-102,-6 L-165,0 v9 L-102,16 z" fill="#eef1f4" stroke="${STEEL}" stroke-width="2"/>` +
    `<rect x="-108" y="-48" width="12" height="100" rx="3" fill="${STEEL}"/><rect x="-108" y="40" width="216" height="11" rx="3" fill="${STEEL}"/>` +
    `<rect x="90" y="-48" width="34" height="100" rx="5" fill="${STEEL}"/><rect x="90" y="-48" width="10" height="100" fill="#ffffff" opacity="0.25"/>` +
    `<path d="M86,52 q-28,42 -8,98 h14 q-14,-50 10,-98 z" fill="${STEEL}"/>` +
    `<path d="M96,52 h28 l14,88 q2,14 -10,14 h-16 q-10,0 -12,-10 z" fill="${RUBBER}"/>`,

  // A heap of plastic pellets in front of a polymer bag marked with a ring symbol.
  'Plastics & Polymers':
    '<path d="M-105,-150 q105,-14 210,0 l10,200 h-230 z"/><path d="M-108,-160 q108,-14 216,0 v16 q-108,-14 -216,0 z" fill="BG" opacity="0.6"/>' +
    '<path d="M60,-146 l12,196 h43 l-10,-200 z" fill="#000000" opacity="0.12"/>' +
    '<polygon points="0,-115 39,-92 39,-48 0,-25 -39,-48 -39,-92" fill="none" stroke="#ffffff" stroke-width="9" opacity="0.9"/>' +
    '<circle cy="-70" r="20" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.9"/>' +
    '<path d="M-165,160 q40,-120 165,-125 q125,5 165,125 z" fill="BG"/>' +
    heap(0, 160, 160, 125, 12, ['#ffffff', 'LIGHT', '']),

  // A chemical dosing tank with a metering pump on top, and a big water drop in front.
  'Water Treatment Chemicals':
    '<path d="M-40,-60 v200 a85,18 0 0 0 170,0 v-200 z"/><ellipse cx="45" cy="-60" rx="85" ry="18" fill="LIGHT"/>' +
    '<path d="M90,-58 v200 a85,18 0 0 0 40,-10 v-200 z" fill="#000000" opacity="0.15"/>' +
    '<rect x="-40" y="20" width="170" height="8" fill="BG" opacity="0.4"/><rect x="-40" y="95" width="170" height="8" fill="BG" opacity="0.4"/>' +
    '<rect x="100" y="-30" width="14" height="150" rx="7" fill="#ffffff" opacity="0.5"/><rect x="100" y="40" width="14" height="80" rx="7" fill="#3a9ad9"/>' +
    `<rect x="-5" y="-110" width="70" height="48" rx="6" fill="${LIGHT_STEEL}"/><rect x="65" y="-102" width="52" height="34" rx="8" fill="${STEEL}"/>` +
    `<circle cx="22" cy="-86" r="13" fill="${RUBBER}"/><rect x="-10" y="-68" width="135" height="10" rx="3" fill="${STEEL}"/>` +
    `<path d="M0,-100 q-40,-40 -90,-10 v22" fill="none" stroke="${STEEL}" stroke-width="7"/>` +
    '<path d="M-95,-50 q70,85 70,130 a70,70 0 0 1 -140,0 q0,-45 70,-130 z" fill="#3a9ad9"/>' +
    '<path d="M-140,85 a45,45 0 0 0 30,42" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" opacity="0.7"/>',

  // An open corrugated carton in 3/4 view: four flaps open, a strip of tape down the front.
  'Packaging Materials':
    '<polygon points="-150,-30 10,-80 0,-150 -160,-100" fill="#d4b086"/><polygon points="10,-80 150,-40 165,-105 25,-150" fill="#b8915f"/>' +
    '<polygon points="-150,-30 -10,10 150,-40 10,-80" fill="#6e4a28"/><polygon points="10,-80 150,-40 110,-26 10,-52" fill="#8a6238"/>' +
    '<polygon points="-150,-30 -10,10 -10,160 -150,120" fill="#c8a27a"/><polygon points="-10,10 150,-40 150,110 -10,160" fill="#a97d50"/>' +
    '<polygon points="-95,-14 -65,-6 -65,144 -95,136" opacity="0.85"/>' +
    '<polygon points="-150,-30 -10,10 -40,45 -168,5" fill="#dcbc92"/><polygon points="-10,10 150,-40 168,-5 10,48" fill="#c09466"/>' +
    '<polygon points="-95,-14 -65,-6 -87,20 -117,12" opacity="0.85"/>' +
    '<path d="M-150,60 L-10,100 L150,50" fill="none" stroke="#000000" stroke-opacity="0.08" stroke-width="3"/>',

  // A PET bottle, a glass jar with a lid and a small plastic drum, side by side.
  'Bottles & Containers':
    '<path d="M40,35 v110 a60,12 0 0 0 120,0 v-110 z"/><ellipse cx="100" cy="35" rx="60" ry="12" fill="LIGHT"/>' +
    '<path d="M40,35 v110 a60,12 0 0 0 30,10 v-110 z" fill="#ffffff" opacity="0.25"/>' +
    '<rect x="40" y="70" width="120" height="7" fill="BG" opacity="0.4"/><rect x="40" y="110" width="120" height="7" fill="BG" opacity="0.4"/>' +
    '<ellipse cx="78" cy="34" rx="10" ry="4" fill="BG"/><ellipse cx="124" cy="34" rx="10" ry="4" fill="BG"/>' +
    '<rect x="-33" y="-160" width="30" height="26" rx="4" fill="BG"/><rect x="-36" y="-134" width="36" height="7" rx="3" fill="BG" opacity="0.7"/>' +
    '<path d="M-30,-127 h24 v16 c0,18 36,22 36,52 v190 q0,20 -20,20 h-56 q-20,0 -20,-20 v-190 c0,-30 36,-34 36,-52 z" opacity="0.92"/>' +
    '<rect x="-66" y="0" width="96" height="60" fill="LIGHT" opacity="0.85"/><rect x="-66" y="-35" width="96" height="6" fill="BG" opacity="0.3"/>' +
    '<rect x="-66" y="95" width="96" height="6" fill="BG" opacity="0.3"/><rect x="-54" y="-60" width="10" height="200" rx="5" fill="#ffffff" opacity="0.4"/>' +
    '<rect x="-160" y="50" width="92" height="105" rx="16" fill="#cfe3ea" stroke="#7f9ba6" stroke-width="3"/><rect x="-150" y="62" width="10" height="78" rx="5" fill="#ffffff" opacity="0.8"/>' +
    '<rect x="-96" y="62" width="14" height="80" rx="6" fill="#7f9ba6" opacity="0.3"/><rect x="-155" y="50" width="82" height="8" fill="#7f9ba6" opacity="0.4"/>' +
    '<rect x="-164" y="28" width="100" height="24" rx="5"/><rect x="-164" y="44" width="100" height="8" fill="BG" opacity="0.4"/>',

  // A stand-up pouch with zip and window, and a kraft paper bag with twisted handles.
  'Bags & Pouches':
    '<path d="M-155,-125 H-5 L5,135 Q-75,175 -165,135 Z"/><rect x="-155" y="-125" width="150" height="20" fill="BG" opacity="0.35"/>' +
    '<rect x="-156" y="-96" width="152" height="6" fill="BG" opacity="0.55"/><circle cx="-80" cy="-115" r="5" fill="BG"/>' +
    '<polygon points="-155,-104 -145,-100 -155,-96" fill="BG"/>' +
    '<rect x="-125" y="-50" width="90" height="120" rx="40" fill="#ffffff" opacity="0.35"/>' +
    '<path d="M-161,118 Q-78,148 3,118" fill="none" stroke="#000000" stroke-opacity="0.2" stroke-width="4"/>' +
    '<path d="M15,-30 q40,-90 80,0" fill="none" stroke="#8a6238" stroke-width="8"/>' +
    '<polygon points="120,-40 155,-28 155,150 120,158" fill="#a97d50"/><polygon points="120,-40 155,-28 140,-20" fill="#8a6238"/>' +
    '<rect x="-20" y="-40" width="140" height="198" fill="#c8a27a"/><rect x="-20" y="-40" width="140" height="22" fill="#b8915f"/>' +
    '<path d="M0,-30 q45,-105 90,0" fill="none" stroke="#a97d50" stroke-width="9"/>' +
    '<circle cx="0" cy="-28" r="5" fill="#5a4028"/><circle cx="90" cy="-28" r="5" fill="#5a4028"/>' +
    '<rect x="-20" y="136" width="140" height="6" fill="#000000" opacity="0.1"/>',

  // A label press: ink rollers (cyan, magenta, yellow) in the machine, a web of printed labels winding onto a roll.
  'Printing Services':
    '<rect x="-165" y="-70" width="175" height="220" rx="10"/><rect x="-165" y="-70" width="175" height="22" rx="8" fill="BG" opacity="0.4"/>' +
    '<rect x="-152" y="-35" width="150" height="80" rx="8" fill="BG"/>' +
    `<circle cx="-122" cy="-5" r="21" fill="#00a0e0"/><circle cx="-77" cy="-5" r="21" fill="#e0308a"/><circle cx="-32" cy="-5" r="21" fill="${YELLOW}"/>` +
    `<g fill="${LIGHT_STEEL}"><circle cx="-122" cy="-5" r="7"/><circle cx="-77" cy="-5" r="7"/><circle cx="-32" cy="-5" r="7"/></g>` +
    '<rect x="-152" y="20" width="160" height="7" fill="#f4f6f8"/>' +
    '<rect x="-145" y="75" width="65" height="40" rx="5" fill="BG" opacity="0.6"/><circle cx="-52" cy="95" r="9" fill="#2ecc71"/>' +
    `<circle cx="-24" cy="95" r="9" fill="${RED}"/>` +
    '<g transform="translate(2 18) rotate(28.5)"><rect x="0" y="0" width="170" height="56" fill="#f4f6f8"/>' +
    '<g fill="#ffffff" stroke="#b0b8c0" stroke-width="2"><rect x="18" y="6" width="50" height="44" rx="6"/><rect x="76" y="6" width="50" height="44" rx="6"/></g>' +
    `<rect x="25" y="13" width="16" height="30" fill="#00a0e0"/><rect x="45" y="13" width="16" height="13" fill="#e0308a"/><rect x="45" y="30" width="16" height="13" fill="${YELLOW}"/>` +
    `<rect x="83" y="13" width="16" height="30" fill="#00a0e0"/><rect x="103" y="13" width="16" height="13" fill="#e0308a"/><rect x="103" y="30" width="16" height="13" fill="${YELLOW}"/></g>` +
    '<circle cx="124" cy="122" r="44" fill="#f4f6f8"/><circle cx="124" cy="122" r="44" fill="none" stroke="#e0308a" stroke-width="5"/>' +
    '<circle cx="124" cy="122" r="30" fill="none" stroke="#b0b8c0" stroke-width="3"/><circle cx="124" cy="122" r="13" fill="BG"/>',

  // Three bolts of fabric stacked, one unrolled onto the floor in soft folds.
  Fabrics: rolls(
    [
      [12, 28, 48, '#3b5b8a'],
      [60, 112, 48, ''],
      [-38, 112, 48, '#e9dcc0'],
    ],
    '<path d="M-20,120 L60,160 H150 c8,-8 -14,-14 -30,-18 c-16,-4 -4,-14 -40,-22 H-20 z" opacity="0.8"/>' +
      '<path d="M150,160 c8,-8 -14,-14 -30,-18 c-16,-4 -4,-14 -40,-22" fill="none" stroke="BG" stroke-width="3"/>',
  ),

  // Three cones of yarn with wound thread lines, a loose thread curling on the floor.
  Yarns:
    cone(0, 118, 190, 'LIGHT') +
    cone(-82, 160, 170, '') +
    cone(82, 160, 170, '#f4efe4') +
    '<path d="M120,60 q40,30 20,70 q-15,30 20,30" fill="none" stroke="#d8cfbd" stroke-width="3"/>',

  // A boilersuit (coverall) with collar, zip, chest pockets and reflective bands.
  Workwear:
    '<path d="M0,-140 L30,-155 L70,-142 L125,-100 L157,5 L117,18 L85,-50 L88,45 L82,160 L12,160 L0,65 L-12,160 L-82,160 L-88,45 L-85,-50 L-117,18 L-157,5 L-125,-100 L-70,-142 L-30,-155 Z"/>' +
    '<path d="M0,-138 L-30,-155 L-40,-118 Z M0,-138 L30,-155 L40,-118 Z" fill="BG" opacity="0.4"/>' +
    '<rect x="-3" y="-138" width="6" height="200" fill="BG" opacity="0.55"/>' +
    '<rect x="-68" y="-100" width="44" height="38" rx="4" fill="BG" opacity="0.25"/><rect x="24" y="-100" width="44" height="38" rx="4" fill="BG" opacity="0.25"/>' +
    `<g fill="#dfe4e8" stroke="${YELLOW}" stroke-width="3"><rect x="-86" y="12" width="172" height="18"/>` +
    '<polygon points="-86,100 -12,100 -12,118 -85,118"/><polygon points="12,100 86,100 85,118 12,118"/>' +
    '<polygon points="-84,130 -12,130 -12,148 -83,148"/><polygon points="12,130 84,130 83,148 12,148"/>' +
    '<polygon points="147,-25 152,-9 112,9 107,-6"/><polygon points="-147,-25 -152,-9 -112,9 -107,-6"/>' +
    '<rect x="-84" y="-50" width="168" height="16"/></g>' +
    '<rect x="-3" y="-138" width="6" height="200" fill="BG" opacity="0.55"/>',

  // A stack of folded towels and linen in several colours, with woven borders.
  'Home Textiles':
    '<g transform="translate(-112 -50) skewX(-35)"><rect x="0" y="-44" width="226" height="60" rx="20" fill="#f4f1ea"/>' +
    '<rect x="10" y="-36" width="206" height="44" rx="14" fill="none" stroke="LIGHT" stroke-width="5"/></g>' +
    towel(-120, -50, 244, '#f4f1ea') +
    towel(-130, 2, 258, 'LIGHT') +
    towel(-122, 54, 250, '') +
    towel(-132, 106, 262, '#f4f1ea'),

  // A farm tractor seen from the side: big rear wheel, small front wheel, cab and exhaust.
  'Agricultural Machinery':
    `<rect x="-60" y="-75" width="11" height="80" rx="3" fill="${STEEL}"/><rect x="-63" y="-82" width="17" height="10" rx="3" fill="${RUBBER}"/>` +
    '<rect x="0" y="-135" width="135" height="145" rx="8"/><rect x="-10" y="-150" width="155" height="18" rx="6" fill="BG"/>' +
    '<path d="M14,-120 h50 v100 h-50 z M76,-120 h46 v100 h-46 z" fill="#cfe8f5" opacity="0.9"/>' +
    '<path d="M20,-112 l20,0 l-20,30 z" fill="#ffffff" opacity="0.6"/>' +
    '<path d="M-155,10 q0,-15 15,-15 h150 v80 h-165 z"/><rect x="-160" y="5" width="14" height="55" rx="4" fill="BG"/>' +
    '<rect x="-140" y="-5" width="135" height="10" fill="#ffffff" opacity="0.25"/><rect x="-135" y="65" width="140" height="22" fill="#3a3f45"/>' +
    '<path d="M-20,85 a90,90 0 0 1 180,0 h-14 a76,76 0 0 0 -152,0 z"/>' +
    `<circle cx="70" cy="85" r="75" fill="${RUBBER}"/>` +
    Array.from(
      { length: 14 },
      (_, i) =>
        `<rect x="-8" y="-80" width="16" height="12" rx="2" fill="${RUBBER}" transform="translate(70 85) rotate(${i * 25.7})"/>`,
    ).join('') +
    `<circle cx="70" cy="85" r="44"/><circle cx="70" cy="85" r="30" fill="BG" opacity="0.5"/><circle cx="70" cy="85" r="14" fill="${LIGHT_STEEL}"/>` +
    `<circle cx="-105" cy="118" r="42" fill="${RUBBER}"/><circle cx="-105" cy="118" r="24"/><circle cx="-105" cy="118" r="8" fill="${LIGHT_STEEL}"/>`,

  // A sewn fertilizer sack with a sprouting plant symbol, coloured granules spilled in front.
  'Fertilizers & Agrochemicals':
    '<path d="M-115,-135 q95,-16 190,0 q16,140 0,280 q-95,14 -190,0 q-16,-140 0,-280 z"/>' +
    '<path d="M-125,-140 l15,-18 q85,-12 180,0 l15,18 q-105,-16 -210,0 z" fill="BG" opacity="0.7"/>' +
    '<path d="M-112,-122 q92,-14 184,0" fill="none" stroke="#ffffff" stroke-width="3" stroke-dasharray="8 6" opacity="0.7"/>' +
    '<path d="M40,-132 q12,138 0,276 h30 q14,-140 0,-276 z" fill="#000000" opacity="0.12"/>' +
    '<circle cx="-20" cy="0" r="64" fill="#ffffff" opacity="0.92"/><ellipse cx="-20" cy="40" rx="34" ry="8" fill="#8d6e4a"/>' +
    `<path d="M-20,40 V-12" stroke="${GREEN}" stroke-width="8"/>` +
    `<path d="M-20,-5 q-45,-5 -45,-40 q40,0 45,40 z M-20,-12 q40,-5 45,-38 q-45,-2 -45,38 z" fill="${GREEN}"/>` +
    heap(100, 160, 72, 56, 8, ['#f4f6f8', '#9bb8d3', '#e8b3c0', LIGHT_STEEL]),

  // An open jute sack full of grain, ears of wheat leaning out, grains spilled on the floor.
  'Grains & Pulses':
    wheat(45, -20, 26) +
    wheat(15, -20, 8) +
    '<path d="M-110,-40 q-32,110 -12,190 q105,18 210,0 q20,-80 -12,-190 z" fill="#c8a27a"/>' +
    '<path d="M-60,-30 q-15,95 -5,185 h22 q-10,-90 5,-185 z M20,-30 q8,95 -2,185 h22 q10,-90 -2,-185 z" opacity="0.85"/>' +
    '<path d="M-105,40 q95,18 190,0 M-112,100 q105,18 212,0" fill="none" stroke="#8a6238" stroke-opacity="0.35" stroke-width="3"/>' +
    '<ellipse cx="-10" cy="-55" rx="108" ry="26" fill="#5a4028"/>' +
    '<path d="M-105,-55 q95,-55 190,0 q-95,28 -190,0 z" fill="#e9dcc0"/>' +
    '<path d="M-118,-58 q108,34 216,0 l6,32 q-114,30 -228,0 z" fill="#a97d50"/>' +
    '<g fill="#d9c49a">' +
    [
      [-60, -70],
      [-25, -82],
      [15, -78],
      [50, -65],
      [-5, -62],
      [112, 154],
      [130, 146],
      [148, 156],
      [128, 160],
      [-150, 155],
      [-135, 146],
      [-140, 160],
    ]
      .map(([x, y], i) => `<ellipse cx="${x}" cy="${y}" rx="${i % 2 ? 5 : 8}" ry="${i % 2 ? 7 : 5}"/>`)
      .join('') +
    '</g>',

  // Three bowls of spice powders (turmeric, paprika, herbs), a red chili and a star anise.
  'Spices & Herbs':
    bowl(0, -25, 78, '#e0a526') +
    bowl(-80, 70, 72, '#b5502a') +
    bowl(80, 70, 72, '#6b8e23') +
    `<path d="M-158,136 q45,26 120,-10 q10,-4 6,8 q-65,44 -126,2 z" fill="${RED}"/>` +
    `<path d="M-36,130 q10,-4 18,-16" stroke="${GREEN}" stroke-width="6" stroke-linecap="round" fill="none"/>` +
    '<path d="M-145,142 q40,14 85,-4" stroke="#ffffff" stroke-opacity="0.4" stroke-width="4" fill="none"/>' +
    '<g transform="translate(110 140)" fill="#7b3f1d">' +
    Array.from(
      { length: 8 },
      (_, i) => `<ellipse cy="-16" rx="7" ry="17" transform="scale(1 0.6) rotate(${i * 45})"/>`,
    ).join('') +
    '<circle r="6" fill="#4a2410"/></g>',

  // A plastic crate heaped with a lettuce, red apples and oranges.
  'Fresh Produce':
    `<circle cx="-95" cy="-20" r="48" fill="#5fa83a"/><circle cx="-125" cy="-5" r="36" fill="${GREEN}"/><circle cx="-70" cy="-45" r="34" fill="#7cc04f"/>` +
    '<path d="M-95,-60 q-8,40 -30,60 M-95,-20 q20,-10 30,-30" stroke="#d8f0c0" stroke-width="4" fill="none"/>' +
    `<circle cx="-10" cy="-20" r="36" fill="#e67e22"/><circle cx="60" cy="-30" r="36" fill="${RED}"/><circle cx="118" cy="-10" r="34" fill="#e67e22"/>` +
    `<circle cx="-45" cy="10" r="34" fill="${RED}"/><circle cx="25" cy="8" r="36" fill="#e67e22"/><circle cx="90" cy="12" r="34" fill="${RED}"/>` +
    '<g fill="#ffffff" opacity="0.35"><circle cx="-56" cy="-2" r="9"/><circle cx="48" cy="-42" r="9"/><circle cx="78" cy="0" r="9"/>' +
    '<circle cx="-20" cy="-32" r="8"/><circle cx="14" cy="-4" r="8"/><circle cx="106" cy="-22" r="8"/></g>' +
    '<path d="M60,-66 q4,-12 0,-20 M-45,-24 q3,-10 -2,-18 M90,-22 q3,-10 0,-18" stroke="#6d4c2f" stroke-width="5" fill="none"/>' +
    `<path d="M62,-74 q18,-16 32,-6 q-16,16 -32,6 z M-44,-32 q-18,-14 -30,-4 q16,14 30,4 z" fill="${GREEN}"/>` +
    '<rect x="-160" y="18" width="320" height="20" rx="6" opacity="0.85"/><path d="M-150,38 h300 l-8,120 h-284 z"/>' +
    '<g fill="BG" opacity="0.55">' +
    [-120, -60, 0, 60]
      .map(
        (x) =>
          `<rect x="${x + 4}" y="60" width="52" height="26" rx="8"/><rect x="${x + 4}" y="106" width="52" height="26" rx="8"/>`,
      )
      .join('') +
    '</g><rect x="-40" y="42" width="80" height="12" rx="6" fill="BG"/>',
};

import { LIGHT_STEEL, RUBBER, STEEL, YELLOW } from './palette.ts';

const COPPER = '#b8692f';
const COPPER_LIGHT = '#e39a5f';

/** A face in the trade's colour, darkened (k > 0) or lightened (k < 0) without letting the backdrop through. */
function face(points: string, k: number) {
  return `<polygon points="${points}"/><polygon points="${points}" fill="${k > 0 ? 'BG' : '#ffffff'}" opacity="${Math.abs(k)}"/>`;
}

/** A bundle of ribbed steel bars, each [x1, y1, x2, y2]: steel lines with dashed ribs over them. */
function rebars(bars: number[][]) {
  const lines = bars.map(([x1, y1, x2, y2]) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`).join('');
  return `<g stroke-width="11"><g stroke="#7a8590">${lines}</g><g stroke="#4a525a" stroke-dasharray="3 7">${lines}</g></g>`;
}

/** A filled cement bag, 122 × 56 (a pillow with pinched corners), with a blank label patch. */
function bag(x: number, y: number, shade = 0) {
  const d = `M${x},${y + 6} q61,-12 122,0 q8,22 0,44 q-61,12 -122,0 q-8,-22 0,-44 z`;
  return (
    `<path d="${d}"/><path d="${d}" fill="BG" opacity="${shade}"/>` +
    `<rect x="${x + 40}" y="${y + 14}" width="42" height="24" rx="3" fill="#ffffff" opacity="0.35"/>` +
    `<path d="M${x + 4},${y + 46} q57,10 114,0" stroke="BG" stroke-width="3" fill="none" opacity="0.45"/>`
  );
}

/** A pipe seen from its end: a ring with a dark bore and a highlight. */
function pipe(x: number, y: number, r: number) {
  return `<circle cx="${x}" cy="${y}" r="${r}"/><circle cx="${x}" cy="${y}" r="${r * 0.66}" fill="BG"/><circle cx="${x - r * 0.12}" cy="${y - r * 0.12}" r="${r * 0.66}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.35"/>`;
}

/** Point of an isometric diamond: top corner (tx,ty), u runs to the right corner, v to the left corner. */
function iso(u: number, v: number, tx = 0, ty = -118, w = 165, h = 88) {
  return `${Math.round(tx + (u - v) * w)},${Math.round(ty + (u + v) * h)}`;
}

/** The top face of the tile stack: an n × n checker in isometric view. */
function checker(n: number) {
  let cells = '';
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const [a, b, c, d] = [i / n, (i + 1) / n, j / n, (j + 1) / n];
      const fill = (i + j) % 2 ? 'fill="BG" opacity="0.55"' : 'fill="#ffffff" opacity="0.3"';
      cells += `<polygon points="${iso(a, c)} ${iso(b, c)} ${iso(b, d)} ${iso(a, d)}" ${fill} stroke="#ffffff" stroke-width="2"/>`;
    }
  return cells;
}

/** A lump of rock or ore at (x,y), scaled by s, with a light and a dark facet. */
function lump(x: number, y: number, s: number, flip = false) {
  const k = flip ? -s : s;
  return (
    `<g transform="translate(${x} ${y}) scale(${k} ${s})">` +
    '<polygon points="-50,20 -42,-18 -12,-38 26,-30 50,-2 44,26 8,36 -30,34"/>' +
    '<polygon points="-42,-18 -12,-38 26,-30 4,-8" fill="#ffffff" opacity="0.3"/>' +
    '<polygon points="4,-8 26,-30 50,-2 44,26 8,36" fill="BG" opacity="0.35"/></g>'
  );
}

/**
 * Drawings of the Construction, Metals, Hardware and Safety sub-categories: one recognisable object per sub-category
 * (see demo-images.ts).
 */
export const BUILDING_DRAWINGS: Record<string, string> = {
  'Building Materials':
    '<rect x="-165" y="140" width="250" height="10" fill="#c8a27a"/><rect x="-165" y="150" width="250" height="12" fill="#8a6a4a"/>' +
    '<rect x="-160" y="150" width="20" height="12" fill="#c8a27a"/><rect x="-50" y="150" width="20" height="12" fill="#c8a27a"/><rect x="60" y="150" width="20" height="12" fill="#c8a27a"/>' +
    bag(-162, 90) +
    bag(-38, 90, 0.15) +
    bag(-150, 38, 0.05) +
    bag(-26, 38, 0.2) +
    bag(-138, -14, 0.1) +
    bag(-14, -14, 0.25) +
    rebars([
      [100, 160, 120, -150],
      [116, 160, 134, -152],
      [132, 160, 148, -150],
      [148, 160, 162, -148],
    ]) +
    `<path d="M96,70 h70 M100,-70 h64" stroke="${RUBBER}" stroke-width="6"/>`,
  'Construction Machinery':
    `<rect x="-160" y="112" width="200" height="48" rx="24" fill="${RUBBER}"/><rect x="-150" y="120" width="180" height="32" rx="16" fill="#3a4048"/>` +
    `<circle cx="-128" cy="136" r="13" fill="${STEEL}"/><circle cx="-90" cy="136" r="9" fill="${STEEL}"/><circle cx="-60" cy="136" r="9" fill="${STEEL}"/><circle cx="-30" cy="136" r="9" fill="${STEEL}"/><circle cx="8" cy="136" r="13" fill="${STEEL}"/>` +
    '<rect x="-110" y="98" width="110" height="16" fill="BG"/>' +
    '<path d="M-160,100 v-52 q0,-20 20,-20 h95 v72 z"/>' +
    '<path d="M-150,42 h90" stroke="BG" stroke-width="4" stroke-dasharray="8 6"/>' +
    '<path d="M-50,100 v-130 h52 l24,42 v88 z" opacity="0.92"/><path d="M-40,-20 h38 l18,32 h-56 z" fill="#d6ecf7"/><path d="M-40,20 h56 v30 h-56 z" fill="#d6ecf7" opacity="0.8"/>' +
    '<path d="M10,80 Q50,-40 100,-122 L128,-104 Q86,-30 46,92 z"/>' +
    '<path d="M96,-124 L126,-126 L150,40 L126,46 z" opacity="0.9"/>' +
    `<line x1="20" y1="30" x2="92" y2="-80" stroke="${LIGHT_STEEL}" stroke-width="9"/><line x1="118" y1="-100" x2="142" y2="10" stroke="${LIGHT_STEEL}" stroke-width="7"/>` +
    '<path d="M120,26 L166,36 Q178,112 126,146 L84,136 Q118,96 120,26 z" fill="BG"/>' +
    `<path d="M86,128 l-18,10 l22,2 z M102,136 l-14,14 l22,-4 z" fill="${RUBBER}"/>` +
    `<circle cx="138" cy="40" r="7" fill="${LIGHT_STEEL}"/>`,
  'Doors & Windows':
    '<rect x="-165" y="-150" width="130" height="310" rx="4" fill="BG"/><rect x="-155" y="-140" width="110" height="298"/>' +
    '<rect x="-140" y="-122" width="80" height="110" rx="4" fill="#ffffff" opacity="0.22"/><rect x="-140" y="10" width="80" height="130" rx="4" fill="#ffffff" opacity="0.22"/>' +
    '<rect x="-140" y="-122" width="80" height="110" rx="4" fill="none" stroke="BG" stroke-width="3" opacity="0.5"/><rect x="-140" y="10" width="80" height="130" rx="4" fill="none" stroke="BG" stroke-width="3" opacity="0.5"/>' +
    `<rect x="-66" y="-6" width="10" height="34" rx="5" fill="${LIGHT_STEEL}"/><circle cx="-61" cy="-6" r="7" fill="${LIGHT_STEEL}"/>` +
    '<rect x="-15" y="-115" width="180" height="205" rx="4"/>' +
    '<rect x="-1" y="-101" width="70" height="84" fill="#d6ecf7"/><rect x="81" y="-101" width="70" height="84" fill="#d6ecf7"/><rect x="-1" y="-5" width="70" height="81" fill="#d6ecf7"/><rect x="81" y="-5" width="70" height="81" fill="#d6ecf7"/>' +
    '<path d="M10,-40 l40,-50 M20,-30 l40,-50 M92,50 l40,-50 M102,60 l40,-50" stroke="#ffffff" stroke-width="7" opacity="0.8"/>' +
    '<rect x="-25" y="90" width="195" height="16" rx="3"/><rect x="-25" y="104" width="195" height="6" fill="BG" opacity="0.5"/>',
  'Tiles & Flooring':
    face(`${iso(0, 1)} ${iso(1, 1)} 0,146 -165,58`, 0.15) +
    face(`${iso(1, 0)} ${iso(1, 1)} 0,146 165,58`, 0.4) +
    '<path d="M-165,-8 L0,80 L165,-8 M-165,14 L0,102 L165,14 M-165,36 L0,124 L165,36" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.7"/>' +
    `<polygon points="${iso(0, 0)} ${iso(1, 0)} ${iso(1, 1)} ${iso(0, 1)}"/>` +
    checker(4),
  'Sanitary Ware':
    '<path d="M-30,96 h60 l14,62 h-88 z" opacity="0.85"/>' +
    '<path d="M-150,-12 h300 q-6,100 -150,116 q-144,-16 -150,-116 z"/>' +
    '<path d="M-150,-12 h300 q-6,100 -150,116 q-144,-16 -150,-116 z" fill="#ffffff" opacity="0.45"/>' +
    '<path d="M-110,4 q110,30 220,0" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.35"/>' +
    '<rect x="-160" y="-34" width="320" height="26" rx="13"/><rect x="-160" y="-34" width="320" height="26" rx="13" fill="#ffffff" opacity="0.6"/>' +
    '<ellipse cx="0" cy="-24" rx="128" ry="8" fill="BG" opacity="0.45"/>' +
    '<rect x="-16" y="-78" width="32" height="48" rx="6" fill="#6b7580"/><rect x="-10" y="-78" width="8" height="48" fill="#ffffff" opacity="0.4"/>' +
    '<path d="M0,-78 v-34 q0,-26 28,-26 h24 q22,0 22,24 v14" stroke="#6b7580" stroke-width="18" fill="none" stroke-linecap="round"/>' +
    '<path d="M-4,-110 q4,-20 26,-22" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.5"/>' +
    `<rect x="-44" y="-134" width="52" height="12" rx="6" fill="${STEEL}" transform="rotate(-14 0 -120)"/>` +
    '<path d="M74,-80 v36" stroke="#8fd0f0" stroke-width="8" stroke-linecap="round" stroke-dasharray="10 8"/>',
  'Steel Products':
    face('70,-60 160,-60 100,-120 10,-120', -0.15) +
    face('70,-60 70,-40 10,-100 10,-120', 0.3) +
    face('105,-40 105,128 45,68 45,-100', 0.4) +
    face('70,128 105,128 45,68 10,68', -0.05) +
    face('70,128 70,148 10,88 10,68', 0.3) +
    '<path d="M70,-60 h90 v20 h-37 v168 h37 v20 h-90 v-20 h35 v-168 h-35 z"/>' +
    '<path d="M72,-58 h86" stroke="#ffffff" stroke-width="3" opacity="0.5"/>' +
    pipe(-140, 130, 26) +
    pipe(-88, 130, 26) +
    pipe(-36, 130, 26) +
    pipe(16, 130, 26) +
    pipe(-114, 85, 26) +
    pipe(-62, 85, 26) +
    pipe(-10, 85, 26) +
    pipe(-88, 40, 26) +
    pipe(-36, 40, 26) +
    pipe(-62, -5, 26),
  'Non-Ferrous Metals':
    '<ellipse cx="-60" cy="-40" rx="105" ry="72" fill="#8a4a1f"/>' +
    `<ellipse cx="-60" cy="-48" rx="105" ry="72" fill="${COPPER}"/>` +
    '<g fill="none" stroke-width="5">' +
    [96, 84, 72, 60]
      .map((r) => `<ellipse cx="-60" cy="-48" rx="${r}" ry="${(r * 72) / 105}" stroke="${COPPER_LIGHT}"/>`)
      .join('') +
    '</g>' +
    '<ellipse cx="-60" cy="-48" rx="48" ry="32" fill="#6e3a18"/><ellipse cx="-60" cy="-42" rx="48" ry="26" fill="#5a2f13"/>' +
    '<g stroke-linecap="round">' +
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<line x1="${-150 + i * 6}" y1="${150 - i * 16}" x2="${60 + i * 6}" y2="${110 - i * 16}" stroke="${i % 2 ? COPPER : COPPER_LIGHT}" stroke-width="14"/>`,
      )
      .join('') +
    '</g>' +
    '<polygon points="60,20 160,20 130,-10 30,-10" opacity="0.8"/><polygon points="160,20 160,120 130,90 130,-10" opacity="0.6"/>' +
    '<rect x="60" y="20" width="100" height="100" rx="6"/>' +
    '<g fill="BG"><rect x="101" y="20" width="18" height="12"/><rect x="91" y="30" width="38" height="10"/><rect x="101" y="108" width="18" height="12"/><rect x="91" y="100" width="38" height="10"/>' +
    '<rect x="60" y="61" width="12" height="18"/><rect x="70" y="51" width="10" height="38"/><rect x="148" y="61" width="12" height="18"/><rect x="140" y="51" width="10" height="38"/><circle cx="110" cy="70" r="12"/></g>',
  'Minerals & Ores':
    lump(-118, 128, 0.9) +
    lump(-38, 132, 1.0, true) +
    lump(46, 130, 0.95) +
    lump(-80, 76, 0.95, true) +
    lump(4, 80, 1.0) +
    lump(-42, 26, 0.9) +
    '<g transform="translate(100 150) scale(0.92)">' +
    '<polygon points="-30,0 -36,-90 -18,-126 0,-90 6,0" fill="#e8f1f7"/><polygon points="-18,-126 0,-90 6,0 -10,0" fill="#b9cfdc"/>' +
    '<polygon points="0,0 10,-120 32,-160 50,-120 44,0" fill="#f3f8fb"/><polygon points="32,-160 50,-120 44,0 26,0" fill="#c6d9e5"/>' +
    '<polygon points="30,0 46,-70 62,-90 70,-60 56,4" fill="#dbe8f0"/><polygon points="62,-90 70,-60 56,4 48,4" fill="#a9c2d2"/></g>' +
    lump(96, 146, 0.5, true),
  'Power Tools':
    `<path d="M-12,-44 h62 l26,150 h-62 z"/><path d="M24,-44 h26 l26,150 h-26 z" fill="${RUBBER}"/>` +
    `<path d="M-36,-40 h22 l6,36 h-16 q-12,0 -12,-12 z" fill="${RUBBER}"/>` +
    '<rect x="-40" y="100" width="150" height="56" rx="10"/><rect x="-40" y="136" width="150" height="20" rx="8" fill="BG"/><rect x="-28" y="110" width="56" height="10" rx="4" fill="#ffffff" opacity="0.4"/>' +
    '<path d="M-112,-124 h152 q44,0 44,44 q0,44 -44,44 h-152 z"/>' +
    '<path d="M-100,-116 h140 q30,0 36,26" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.4"/>' +
    '<path d="M40,-104 v48 M54,-104 v48 M68,-100 v40" stroke="BG" stroke-width="5" stroke-linecap="round"/>' +
    `<rect x="-132" y="-112" width="22" height="64" rx="4" fill="${RUBBER}"/>` +
    `<path d="M-132,-106 l-26,10 v32 l26,10 z" fill="${STEEL}"/><path d="M-150,-93 h18 M-150,-80 h18 M-150,-67 h18" stroke="#5d6670" stroke-width="3"/>` +
    `<rect x="-170" y="-84" width="14" height="8" fill="${LIGHT_STEEL}"/>`,
  'Hand Tools':
    '<g transform="rotate(45)">' +
    '<rect x="-15" y="-105" width="30" height="210" rx="10" fill="#aeb6bf"/><rect x="-9" y="-95" width="8" height="190" rx="4" fill="#ffffff" opacity="0.5"/>' +
    '<circle cy="-128" r="38" fill="#aeb6bf"/><polygon points="0,-150 19,-139 19,-117 0,-106 -19,-117 -19,-139" fill="BG"/>' +
    '<path d="M-16,165 A40,40 0 1 1 16,165 L16,130 A16,16 0 0 0 -16,130 Z" fill="#aeb6bf"/></g>' +
    '<g transform="rotate(-45)">' +
    `<path d="M-26,10 L-10,-145 h20 L26,10 z" fill="${STEEL}"/><path d="M0,-145 v130" stroke="#4a525a" stroke-width="3"/>` +
    `<path d="M-22,20 l-6,30 h16 l4,-30 z M22,20 l6,30 h-16 l-4,-30 z" fill="${STEEL}"/>` +
    '<path d="M-28,44 q-10,60 -40,124 l32,10 q26,-66 34,-134 z"/><path d="M28,44 q10,60 40,124 l-32,10 q-26,-66 -34,-134 z"/>' +
    `<circle cy="10" r="24" fill="${STEEL}"/><circle cy="10" r="8" fill="#4a525a"/></g>`,
  Fasteners:
    `<rect x="-88" y="-60" width="56" height="210" fill="${STEEL}"/><rect x="-80" y="-60" width="10" height="210" fill="#ffffff" opacity="0.35"/>` +
    '<path d="' +
    Array.from({ length: 12 }, (_, i) => `M-88,${4 + i * 12} l56,-8`).join(' ') +
    '" stroke="#4a525a" stroke-width="4"/>' +
    '<path d="M-88,150 h56 l-6,10 h-44 z" fill="#5d6670"/>' +
    face('-122,-120 -91,-98 -91,-52 -122,-74', -0.1) +
    face('-91,-98 -29,-98 -29,-52 -91,-52', 0.05) +
    face('-29,-98 2,-120 2,-74 -29,-52', 0.35) +
    face('-122,-120 -91,-142 -29,-142 2,-120 -29,-98 -91,-98', -0.3) +
    '<ellipse cx="80" cy="142" rx="86" ry="22" fill="BG"/><ellipse cx="80" cy="134" rx="86" ry="22"/><ellipse cx="80" cy="134" rx="50" ry="13" fill="BG"/>' +
    face('10,104 45,122 115,122 150,104 150,76 10,76', 0.3) +
    face('45,122 115,122 115,94 45,94', 0.05) +
    face('10,76 45,58 115,58 150,76 115,94 45,94', -0.3) +
    '<ellipse cx="80" cy="76" rx="32" ry="12" fill="BG"/><path d="M54,80 q26,10 52,0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.4"/>',
  'Welding Equipment':
    face('-160,-30 40,-30 80,-60 -120,-60', -0.25) +
    face('40,-30 80,-60 80,120 40,150', 0.35) +
    '<rect x="-160" y="-30" width="200" height="180"/>' +
    `<path d="M-110,-45 v-28 h100 v28" stroke="${RUBBER}" stroke-width="12" fill="none" stroke-linejoin="round"/>` +
    `<rect x="-142" y="-12" width="70" height="40" rx="4" fill="${RUBBER}"/><rect x="-134" y="-4" width="54" height="24" rx="2" fill="LIGHT" opacity="0.8"/>` +
    `<circle cx="-10" cy="14" r="30" fill="${RUBBER}"/><circle cx="-10" cy="14" r="22" fill="#3a4048"/><path d="M-10,14 l12,-16" stroke="${LIGHT_STEEL}" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="-128" cy="112" r="14" fill="${RUBBER}"/><circle cx="-84" cy="112" r="14" fill="${RUBBER}"/><circle cx="-128" cy="112" r="6" fill="${YELLOW}"/><circle cx="-84" cy="112" r="6" fill="${STEEL}"/>` +
    '<path d="M52,0 v100 M66,-12 v100" stroke="BG" stroke-width="5" stroke-linecap="round"/>' +
    `<path d="M-84,112 C-60,178 60,178 100,120" stroke="${RUBBER}" stroke-width="11" fill="none"/>` +
    `<path d="M92,126 l30,-96 l22,6 l-24,98 z" fill="${RUBBER}"/><rect x="100" y="60" width="10" height="26" rx="4" fill="#5d6670" transform="rotate(16 105 73)"/>` +
    `<path d="M128,34 q6,-44 -18,-78" stroke="${STEEL}" stroke-width="12" fill="none"/><path d="M104,-54 l14,-8 l8,16 l-14,8 z" fill="${LIGHT_STEEL}"/>` +
    `<polygon points="98,-84 104,-70 118,-72 108,-62 116,-50 102,-56 94,-44 94,-58 80,-62 94,-68" fill="${YELLOW}"/>`,
  'Personal Protective Equipment':
    `<g fill="${YELLOW}"><path d="M-150,120 h40 v-22 q0,-8 8,-8 h96 q8,0 8,8 v60 q0,10 -10,10 h-102 v-22 h-40 z"/>` +
    '<rect x="-8" y="92" width="70" height="16" rx="8"/><rect x="-8" y="110" width="78" height="16" rx="8"/><rect x="-8" y="128" width="72" height="16" rx="8"/><rect x="-8" y="146" width="60" height="14" rx="7"/>' +
    '<rect x="-90" y="70" width="20" height="50" rx="10" transform="rotate(-40 -80 95)"/></g>' +
    '<rect x="-150" y="112" width="40" height="52" rx="4" fill="#c79a0a"/>' +
    '<path d="M-130,30 C-130,-140 130,-140 130,30 z"/>' +
    '<path d="M-14,-97 q14,-4 28,0 l6,127 h-40 z" fill="#ffffff" opacity="0.3"/>' +
    '<path d="M-96,-50 q-16,40 -14,80 M96,-50 q16,40 14,80" stroke="BG" stroke-width="6" fill="none" opacity="0.4"/>' +
    '<path d="M-166,32 q166,-26 332,0 l-6,20 q-160,-18 -320,0 z"/><path d="M-160,50 q160,-18 320,0 l-2,8 q-158,-16 -316,0 z" fill="BG" opacity="0.6"/>',
  'Fire Safety':
    '<path d="M-55,-40 q0,-50 55,-50 q55,0 55,50 v180 q0,18 -18,18 h-74 q-18,0 -18,-18 z" fill="#c62828"/>' +
    `<rect x="-55" y="140" width="110" height="18" rx="9" fill="${RUBBER}"/>` +
    '<rect x="-42" y="-40" width="12" height="170" rx="6" fill="#ffffff" opacity="0.3"/>' +
    '<rect x="-40" y="10" width="80" height="70" rx="6" fill="#ffffff" opacity="0.85"/>' +
    `<rect x="-16" y="-112" width="32" height="24" fill="#5d6670"/><rect x="-28" y="-130" width="56" height="22" rx="4" fill="${STEEL}"/>` +
    `<path d="M-20,-132 L80,-160" stroke="${LIGHT_STEEL}" stroke-width="12" stroke-linecap="round"/><path d="M-10,-116 L70,-124" stroke="${STEEL}" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="-44" cy="-120" r="16" fill="${LIGHT_STEEL}"/><circle cx="-44" cy="-120" r="10" fill="#ffffff"/><path d="M-44,-120 l6,-6" stroke="#c62828" stroke-width="3"/>` +
    `<path d="M24,-110 C110,-100 96,-20 90,60" stroke="${RUBBER}" stroke-width="12" fill="none"/><path d="M82,56 h16 l6,46 h-28 z" fill="${RUBBER}"/>`,
  'Medical Supplies':
    '<path d="M-95,-40 v-34 q0,-14 14,-14 h70 q14,0 14,14 v34" stroke="BG" stroke-width="16" fill="none"/>' +
    '<rect x="-165" y="-44" width="240" height="196" rx="20"/><rect x="-165" y="-2" width="240" height="6" fill="BG" opacity="0.4"/>' +
    `<rect x="-150" y="-14" width="20" height="28" rx="3" fill="${LIGHT_STEEL}"/><rect x="40" y="-14" width="20" height="28" rx="3" fill="${LIGHT_STEEL}"/>` +
    '<path d="M-62,28 h44 v34 h34 v44 h-34 v34 h-44 v-34 h-34 v-44 h34 z" fill="#ffffff"/>' +
    '<path d="M60,82 q14,-10 30,-10 h44 q16,0 30,10 v52 q-14,16 -30,16 h-44 q-16,0 -30,-16 z" fill="#a9d6e5"/>' +
    '<path d="M64,100 q56,-8 106,0 M64,118 q56,-8 106,0 M64,134 q56,-6 106,0" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.8"/>' +
    '<path d="M60,86 q-26,20 0,44 M164,86 q10,20 0,44" stroke="#ffffff" stroke-width="4" fill="none"/>',
};

import { GREEN, LIGHT_STEEL, RED, RUBBER, STEEL, YELLOW } from './palette.ts';

/** Circles of radius `r` spaced evenly on a ring of radius `radius` around (cx, cy). */
function ring(n: number, radius: number, r: number, fill: string, cx = 0, cy = 0, start = -90) {
  return Array.from({ length: n }, (_, i) => {
    const a = ((start + (i * 360) / n) * Math.PI) / 180;
    return `<circle cx="${Math.round(cx + radius * Math.cos(a))}" cy="${Math.round(cy + radius * Math.sin(a))}" r="${r}" fill="${fill}"/>`;
  }).join('');
}

/** One circle. */
function dot(cx: number, cy: number, r: number, fill: string) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
}

/** A wheel seen from the side: tyre, rim and hub. */
function wheel(cx: number, cy: number, r: number) {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${RUBBER}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.5)}" fill="${LIGHT_STEEL}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.2)}" fill="${STEEL}"/>`
  );
}

/** Grooves across the tread band of a tyre seen at 3/4, staggered so they read as tread blocks. */
function treadGrooves() {
  return Array.from({ length: 24 }, (_, i) => {
    const a = ((-90 + i * 7.5) * Math.PI) / 180;
    const x = Math.round(115 * Math.cos(a));
    const y = Math.round(155 * Math.sin(a));
    const shift = i % 2 ? 12 : 0;
    return `<path d="M${x - 20},${y}h${44 - shift}" stroke="#4a5058" stroke-width="5"/>`;
  }).join('');
}

/** One module of the PLC: housing, terminal strips top and bottom with screws, a column of green LEDs, one `odd` LED. */
function plcModule(x: number, w: number, odd: [number, string]) {
  const n = Math.floor(w / 20);
  const line = (dx: number) => `M${x + dx},-95h${n * 20 - 8}M${x + dx},95h${n * 20 - 8}`;
  return (
    `<rect x="${x}" y="-120" width="${w - 3}" height="240" rx="6"/>` +
    [-112, 78]
      .map((y) => `<rect x="${x + 4}" y="${y}" width="${w - 11}" height="34" fill="${LIGHT_STEEL}"/>`)
      .join('') +
    `<path d="${line(6)}" stroke="${STEEL}" stroke-width="12" stroke-dasharray="12 8"/>` +
    `<path d="${line(8)}" stroke="${RUBBER}" stroke-width="2" stroke-dasharray="8 12"/>` +
    `<path d="M${x + 14},-62v92" stroke="#2ecc71" stroke-width="12" stroke-dasharray="9 7"/>` +
    `<rect x="${x + 8}" y="${-62 + odd[0] * 16}" width="12" height="9" fill="${odd[1]}"/>` +
    `<rect x="${x + w - 14}" y="-70" width="6" height="140" fill="#ffffff" opacity="0.2"/>`
  );
}

/** A cardboard box on a pallet seen from the front, bottom edge at `y`. */
function palletLoad(x: number, y: number, w: number, h: number) {
  return (
    `<rect x="${x}" y="${y - 16}" width="${w}" height="6" fill="#a0764a"/>` +
    `<path d="M${x},${y - 5}h${w}" stroke="#7a5634" stroke-width="10" stroke-dasharray="16 ${(w - 48) / 2}"/>` +
    `<rect x="${x + 4}" y="${y - 16 - h}" width="${w - 8}" height="${h}" fill="#c8a27a"/>` +
    `<rect x="${x + 4}" y="${y - 16 - h}" width="${w - 8}" height="${Math.round(h / 2)}" fill="#d9b98f"/>` +
    `<rect x="${x + Math.round(w / 2) - 6}" y="${y - 16 - h}" width="12" height="${h}" fill="#e8d3a8" opacity="0.8"/>`
  );
}

/** A bistro chair seen from the side, facing right (towards the table); mirror it for the other side. */
const SIDE_CHAIR =
  '<rect x="-160" y="40" width="12" height="115" rx="4"/><rect x="-102" y="44" width="12" height="111" rx="4"/>' +
  '<path d="M-154,110H-96" stroke="BG" stroke-width="6"/>' +
  '<path d="M-150,44L-160,-72Q-161,-82 -152,-82H-146Q-139,-82 -138,-72L-134,44Z"/>' +
  '<path d="M-155,-60L-151,-10" stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.35"/>' +
  '<rect x="-164" y="30" width="78" height="16" rx="6"/><rect x="-164" y="30" width="78" height="6" rx="3" fill="#ffffff" opacity="0.3"/>';

/** Drawings of the automobile, electronics and furniture sub-categories, and the packaging goods travel in (see demo-images.ts). */
export const EQUIPMENT_DRAWINGS: Record<string, string> = {
  'Auto Parts':
    '<circle r="145"/><circle r="145" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.35"/>' +
    ring(12, 118, 7, 'BG', 0, 0, -75) +
    ring(12, 100, 7, 'BG', 0, 0, -60) +
    '<circle r="72" fill="BG" opacity="0.35"/><circle r="62" fill="#ffffff" opacity="0.3"/>' +
    ring(5, 36, 9, 'BG') +
    '<circle r="16" fill="BG"/>' +
    `<path d="M27,-158A160,160 0 0 1 150,-55L86,-31A92,92 0 0 0 16,-91Z" fill="${RED}"/>` +
    '<path d="M40,-138A140,140 0 0 1 128,-60" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.3"/>' +
    '<circle cx="50" cy="-118" r="9" fill="#7f1d14"/><circle cx="110" cy="-70" r="9" fill="#7f1d14"/>',
  'Tyres & Wheels':
    `<ellipse cx="25" rx="115" ry="155" fill="${RUBBER}"/><rect x="-25" y="-155" width="50" height="310" fill="${RUBBER}"/>` +
    treadGrooves() +
    `<ellipse cx="25" rx="115" ry="155" fill="none" stroke="#4a5058" stroke-width="4"/>` +
    '<ellipse cx="-25" rx="115" ry="155" fill="#2b3036"/>' +
    '<ellipse cx="-25" rx="100" ry="135" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.12"/>' +
    '<ellipse cx="-25" rx="72" ry="97"/><ellipse cx="-25" rx="56" ry="76" fill="BG" opacity="0.5"/>' +
    '<ellipse cx="-25" rx="30" ry="40"/>' +
    [-90, -18, 54, 126, 198]
      .map((d) => {
        const a = (d * Math.PI) / 180;
        return `<ellipse cx="${Math.round(-25 + 16 * Math.cos(a))}" cy="${Math.round(22 * Math.sin(a))}" rx="4" ry="5" fill="BG"/>`;
      })
      .join('') +
    '<ellipse cx="-25" rx="72" ry="97" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.4"/>',
  'Commercial Vehicles':
    '<rect x="-165" y="-120" width="215" height="200" rx="6"/>' +
    '<path d="M-150,-95V65M-115,-95V65M-80,-95V65M-45,-95V65M-10,-95V65M25,-95V65" stroke="#ffffff" stroke-width="4" opacity="0.2"/>' +
    '<rect x="-165" y="-120" width="215" height="14" fill="#ffffff" opacity="0.3"/>' +
    '<path d="M58,80V-55Q58,-65 68,-65H120Q130,-65 136,-55L160,0Q165,10 165,20V80Z"/>' +
    '<path d="M78,-50H118L140,-2H78Z" fill="#cfe3ee"/><path d="M84,-46H100L90,-8H84Z" fill="#ffffff" opacity="0.6"/>' +
    `<path d="M78,10H98" stroke="BG" stroke-width="4"/><rect x="155" y="30" width="10" height="14" fill="${YELLOW}"/>` +
    `<rect x="-165" y="80" width="330" height="18" fill="${RUBBER}"/><rect x="150" y="80" width="18" height="22" rx="3" fill="${STEEL}"/>` +
    '<path d="M-150,98A36,36 0 0 1 -60,98M80,98A36,36 0 0 1 152,98" fill="BG"/>' +
    wheel(-125, 118, 34) +
    wheel(-55, 118, 34) +
    wheel(116, 118, 34),
  'Lubricants & Oils':
    '<path d="M-125,155V-50Q-125,-66 -110,-74L-70,-96V-118H-20V-100H62Q85,-100 85,-78V155Z"/>' +
    '<path d="M5,-100V-150Q5,-160 15,-160H75Q85,-160 85,-150V-100H65V-138H25V-100Z"/>' +
    `<rect x="-76" y="-150" width="62" height="34" rx="6" fill="${RUBBER}"/><path d="M-66,-140V-126M-54,-140V-126M-42,-140V-126M-30,-140V-126" stroke="#4a5058" stroke-width="4"/>` +
    '<rect x="60" y="-90" width="25" height="245" fill="BG" opacity="0.3"/>' +
    '<rect x="-103" y="-20" width="145" height="130" rx="10" fill="#ffffff" opacity="0.9"/>' +
    '<rect x="-103" y="-20" width="145" height="30" rx="10" fill="BG"/><rect x="-103" y="0" width="145" height="10" fill="BG"/>' +
    '<path d="M-83,40H22M-83,62H2M-83,84H-18" stroke="LIGHT" stroke-width="8" stroke-linecap="round"/>' +
    '<path d="M128,-10C140,15 166,45 166,72A38,38 0 0 1 90,72C90,45 116,15 128,-10Z" fill="#e0a526"/>' +
    '<path d="M106,72A22,22 0 0 0 120,96" stroke="#ffffff" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.7"/>',
  'Test & Measurement':
    `<path d="M-55,100C-60,150 -120,150 -125,110L-130,-40" stroke="${RED}" stroke-width="8" fill="none"/>` +
    `<path d="M-15,100C-10,160 120,160 128,110L135,-40" stroke="${RUBBER}" stroke-width="8" fill="none"/>` +
    `<path d="M-138,-40h16l-4,-65h-8z" fill="${RED}"/><path d="M-130,-105v-30" stroke="#b0b8c0" stroke-width="4"/>` +
    `<path d="M127,-40h16l-4,-65h-8z" fill="${RUBBER}"/><path d="M135,-105v-30" stroke="#b0b8c0" stroke-width="4"/>` +
    `<rect x="-95" y="-165" width="190" height="300" rx="28" fill="${YELLOW}"/>` +
    '<rect x="-78" y="-148" width="156" height="266" rx="16"/>' +
    `<rect x="-62" y="-132" width="124" height="66" rx="6" fill="${RUBBER}"/><rect x="-54" y="-124" width="108" height="50" rx="3" fill="#b9c8b0"/>` +
    '<path d="M-46,-116h50" stroke="#ffffff" stroke-width="5" opacity="0.5"/>' +
    `<circle cy="-3" r="40" fill="${RUBBER}"/><circle cy="-3" r="30" fill="#3a4048"/>` +
    '<rect x="-5" y="-38" width="10" height="32" rx="4" fill="#ffffff"/>' +
    ring(9, 50, 3, '#ffffff', 0, -3, -180) +
    `<circle cx="-40" cy="85" r="11" fill="${RED}"/><circle cy="85" r="11" fill="${RUBBER}"/><circle cx="40" cy="85" r="11" fill="${RUBBER}"/>` +
    '<circle cx="-40" cy="85" r="4" fill="#ffffff" opacity="0.5"/><circle cy="85" r="4" fill="#ffffff" opacity="0.4"/>' +
    '<circle cx="40" cy="85" r="4" fill="#ffffff" opacity="0.4"/>',
  'Automation & Control':
    `<rect x="-168" y="-18" width="336" height="36" fill="${STEEL}"/><rect x="-168" y="-18" width="336" height="8" fill="${LIGHT_STEEL}"/>` +
    `<path d="M-160,0h14M150,0h14" stroke="${RUBBER}" stroke-width="8" stroke-linecap="round"/>` +
    plcModule(-140, 84, [2, YELLOW]) +
    `<rect x="-112" y="-50" width="44" height="30" rx="3" fill="BG"/><rect x="-112" y="0" width="44" height="50" rx="3" fill="${RUBBER}"/>` +
    '<rect x="-104" y="10" width="28" height="16" rx="2" fill="#4a5058"/>' +
    plcModule(-56, 50, [4, '#2ecc71']) +
    plcModule(-6, 50, [3, YELLOW]) +
    plcModule(44, 50, [0, YELLOW]) +
    plcModule(94, 50, [2, RED]),
  'Electronic Components':
    '<path d="M-160,-105L-148,-117H147L135,-105Z" fill="#1b5e20"/><path d="M135,-105L147,-117V133L135,145Z" fill="#1b5e20"/>' +
    `<rect x="-160" y="-105" width="295" height="250" rx="6" fill="${GREEN}"/>` +
    '<path d="M-130,-60H-60L-40,-40M-130,-40H-75M-130,120H-80L-60,100V60M30,120V80L50,60H80M110,-80V40M90,-80V20L70,0" stroke="#d4a94a" stroke-width="4" fill="none" opacity="0.9"/>' +
    '<path d="M-20,-80V-100M0,-80V-100M20,-80V-100M40,60V100M60,100H100" stroke="#d4a94a" stroke-width="4" fill="none" opacity="0.9"/>' +
    `<circle cx="-143" cy="-88" r="8" fill="${LIGHT_STEEL}"/><circle cx="118" cy="-88" r="8" fill="${LIGHT_STEEL}"/><circle cx="-143" cy="128" r="8" fill="${LIGHT_STEEL}"/><circle cx="118" cy="128" r="8" fill="${LIGHT_STEEL}"/>` +
    '<circle cx="-143" cy="-88" r="4" fill="#1b5e20"/><circle cx="118" cy="-88" r="4" fill="#1b5e20"/><circle cx="-143" cy="128" r="4" fill="#1b5e20"/><circle cx="118" cy="128" r="4" fill="#1b5e20"/>' +
    Array.from({ length: 8 }, (_, i) => {
      const p = -31 + i * 10;
      return `<rect x="${p}" y="-80" width="5" height="120" fill="${LIGHT_STEEL}"/><rect x="-45" y="${p - 2}" width="100" height="5" fill="${LIGHT_STEEL}"/>`;
    }).join('') +
    `<rect x="-35" y="-70" width="80" height="80" rx="4" fill="${RUBBER}"/><circle cx="-24" cy="-59" r="4" fill="#4a5058"/>` +
    Array.from(
      { length: 5 },
      (_, i) => `<rect x="${-128 + i * 14}" y="-2" width="6" height="70" fill="${LIGHT_STEEL}"/>`,
    ).join('') +
    `<rect x="-135" y="5" width="70" height="56" rx="3" fill="${RUBBER}"/>` +
    '<rect x="60" y="20" width="16" height="30" rx="8"/><rect x="95" y="55" width="16" height="30" rx="8"/><rect x="60" y="-70" width="16" height="30" rx="8"/>' +
    `<rect x="-40" y="122" width="130" height="20" fill="${RUBBER}"/>` +
    Array.from(
      { length: 8 },
      (_, i) => `<rect x="${-33 + i * 16}" y="110" width="5" height="45" fill="#d4a94a"/>`,
    ).join(''),
  'Office Furniture':
    `<path d="M0,110L-140,132M0,110L140,132M0,110L-82,152M0,110L82,152M0,110L0,124" stroke="${RUBBER}" stroke-width="16" stroke-linecap="round"/>` +
    dot(-140, 144, 12, RUBBER) +
    dot(140, 144, 12, RUBBER) +
    dot(-82, 158, 12, RUBBER) +
    dot(82, 158, 12, RUBBER) +
    `<rect x="-10" y="40" width="20" height="72" fill="${STEEL}"/><rect x="-16" y="40" width="32" height="30" rx="5" fill="${RUBBER}"/>` +
    '<rect x="-78" y="-165" width="156" height="170" rx="45"/>' +
    '<rect x="-64" y="-150" width="128" height="140" rx="36" fill="#ffffff" opacity="0.15"/>' +
    '<rect x="-20" y="0" width="40" height="20" fill="BG"/>' +
    '<path d="M-105,18Q-105,0 -85,0H85Q105,0 105,18V32Q105,48 85,48H-85Q-105,48 -105,32Z"/>' +
    '<path d="M-105,32Q-105,48 -85,48H85Q105,48 105,32" fill="BG" opacity="0.4"/>' +
    `<path d="M-112,20V-45H-88M112,20V-45H88" stroke="${RUBBER}" stroke-width="12" fill="none" stroke-linejoin="round"/>` +
    `<rect x="-130" y="-55" width="44" height="14" rx="7" fill="${RUBBER}"/><rect x="86" y="-55" width="44" height="14" rx="7" fill="${RUBBER}"/>`,
  'Industrial Storage':
    [-70, 40, 148]
      .map(
        (y) =>
          `<rect x="-150" y="${y}" width="300" height="14" fill="#f57c00"/><rect x="-150" y="${y}" width="300" height="4" fill="#ffb74d"/>`,
      )
      .join('') +
    palletLoad(-138, -70, 132, 60) +
    palletLoad(6, -70, 132, 46) +
    palletLoad(-138, 40, 132, 48) +
    palletLoad(6, 40, 132, 62) +
    palletLoad(-138, 148, 132, 62) +
    palletLoad(6, 148, 132, 62) +
    [-165, 145]
      .map(
        (x) =>
          `<rect x="${x}" y="-165" width="20" height="330"/><path d="M${x + 10},-155V155" stroke="BG" stroke-width="5" stroke-dasharray="6 10"/>` +
          `<rect x="${x - 3}" y="158" width="26" height="7" fill="${STEEL}"/>`,
      )
      .join(''),
  'Hospitality Furniture':
    SIDE_CHAIR +
    `<g transform="scale(-1 1)">${SIDE_CHAIR}</g>` +
    '<ellipse cy="-8" rx="88" ry="20" fill="BG"/><ellipse cy="-14" rx="88" ry="20"/>' +
    '<ellipse cy="-16" rx="70" ry="13" fill="#ffffff" opacity="0.2"/>' +
    '<ellipse cx="-30" cy="-18" rx="24" ry="7" fill="#ffffff"/><ellipse cx="30" cy="-18" rx="24" ry="7" fill="#ffffff"/>' +
    '<path d="M-8,-60Q0,-40 8,-60ZM0,-48V-24M-7,-22H7" stroke="#ffffff" stroke-width="4" fill="#ffffff" opacity="0.9"/>' +
    '<rect x="-8" y="4" width="16" height="140"/><rect x="-8" y="4" width="6" height="140" fill="#ffffff" opacity="0.2"/>' +
    '<path d="M-60,158Q-60,144 -40,144H40Q60,144 60,158Z"/>',
  'pack:carton':
    '<path d="M-160,-70L20,-20V150L-160,100Z" fill="#c8a27a"/><path d="M20,-20L160,-85V85L20,150Z" fill="#a9825a"/>' +
    '<path d="M-160,-70L-20,-135L160,-85L20,-20Z" fill="#dcbb92"/>' +
    '<path d="M-90,-102.5L90,-52.5" stroke="#b8926a" stroke-width="2"/>' +
    '<path d="M-103,-97L-77,-108L103,-58L77,-47Z" fill="#e8d3a8"/><path d="M77,-47L103,-58V-13L77,-2Z" fill="#d6bf92"/>' +
    '<path d="M-74,24L-10,42V100L-74,82Z" fill="#ffffff"/>' +
    `<path d="M-66,36L-20,49M-66,50L-34,59M-66,64L-40,71" stroke="${STEEL}" stroke-width="4"/>` +
    '<path d="M-150,-52L10,-8M30,-8L150,-63" stroke="#ffffff" stroke-width="3" opacity="0.35"/>',
  'pack:sack':
    '<path d="M-118,-150L-100,-118Q0,-106 100,-118L118,-150L130,-110Q155,10 140,130Q135,160 100,160H-100Q-135,160 -140,130Q-155,10 -130,-110Z" fill="#e9e4d4"/>' +
    '<path d="M100,-118L118,-150L130,-110Q155,10 140,130Q135,160 100,160Q125,20 100,-118Z" fill="#c9c2ad"/>' +
    '<path d="M-128,-70H135M-136,-20H142M-138,30H143M-136,80H141M-130,125H137" stroke="#cfc8b2" stroke-width="3"/>' +
    '<path d="M-112,-120Q0,-102 112,-120" stroke="#8a8270" stroke-width="4" stroke-dasharray="8 6" fill="none"/>' +
    '<path d="M-100,-110Q0,-96 100,-110" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.6"/>' +
    '<rect x="-80" y="-20" width="140" height="110" rx="8"/><rect x="-80" y="-20" width="140" height="22" rx="8" fill="#ffffff" opacity="0.25"/>' +
    '<path d="M-60,40H40M-60,62H10" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity="0.6"/>',
  'pack:bulk-bag':
    '<rect x="-135" y="116" width="232" height="12" fill="#c89a64"/><path d="M97,116L147,86V98L97,128Z" fill="#a87c4a"/>' +
    '<rect x="-135" y="128" width="26" height="20" fill="#8a6038"/><rect x="-33" y="128" width="26" height="20" fill="#8a6038"/><rect x="71" y="128" width="26" height="20" fill="#8a6038"/>' +
    '<path d="M97,128L147,98V108L97,138Z" fill="#7a5634"/>' +
    '<rect x="-135" y="148" width="232" height="12" fill="#c89a64"/><path d="M97,148L147,118V130L97,160Z" fill="#a87c4a"/>' +
    '<path d="M-75,-115L135,-115L85,-85L-125,-85Z" fill="#fbfbf7"/>' +
    '<path d="M85,-85L135,-115Q145,-15 135,85L85,115Q95,15 85,-85Z" fill="#d6d6cc"/>' +
    '<path d="M-125,-85L85,-85Q95,15 85,115L-125,115Q-135,15 -125,-85Z" fill="#f1f1ea"/>' +
    '<path d="M-110,-80V110M70,-80V110M-20,-80Q-15,15 -20,110" stroke="#d2d2c6" stroke-width="4"/>' +
    `<ellipse cx="5" cy="-104" rx="24" ry="8" fill="#d6d6cc"/><path d="M-8,-104V-130H18V-104" fill="#ecece4"/><path d="M-10,-124H20" stroke="${STEEL}" stroke-width="4"/>` +
    [
      [-125, -85],
      [85, -85],
      [-75, -115],
      [135, -115],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x - 14},${y + 6}C${x - 18},${y - 50} ${x + 18},${y - 50} ${x + 14},${y + 6}" stroke="#9e9e92" stroke-width="14" fill="none"/>` +
          `<path d="M${x - 14},${y + 6}C${x - 18},${y - 50} ${x + 18},${y - 50} ${x + 14},${y + 6}" stroke="#fbfbf7" stroke-width="8" fill="none"/>`,
      )
      .join(''),
  'pack:reel':
    '<ellipse cx="-50" rx="60" ry="150" fill="#8a6038"/>' +
    `<rect x="-50" y="-112" width="100" height="224" fill="${RUBBER}"/>` +
    Array.from(
      { length: 9 },
      (_, i) =>
        `<path d="M${-44 + i * 11},-112Q${-38 + i * 11},0 ${-44 + i * 11},112" stroke="#4a5058" stroke-width="3" fill="none"/>`,
    ).join('') +
    '<path d="M-50,-112H50" stroke="#4a5058" stroke-width="4"/>' +
    '<ellipse cx="62" rx="60" ry="150" fill="#8a6038"/><ellipse cx="50" rx="60" ry="150" fill="#c89a64"/>' +
    '<path d="M12,-110V110M30,-140V140M68,-140V140M88,-110V110" stroke="#a87c4a" stroke-width="3"/>' +
    '<ellipse cx="50" rx="24" ry="58" fill="#a87c4a"/><ellipse cx="50" rx="10" ry="24" fill="#3b2a1a"/>' +
    '<circle cx="50" cy="-40" r="4" fill="#5d4630"/><circle cx="50" cy="40" r="4" fill="#5d4630"/><circle cx="38" r="4" fill="#5d4630"/><circle cx="62" r="4" fill="#5d4630"/>' +
    `<path d="M-20,110Q-60,160 -150,150" stroke="${RUBBER}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  'pack:crate':
    '<path d="M-150,-70H60V150H-150Z" fill="#5d4630"/><path d="M60,-70L150,-120V100L60,150Z" fill="#4a3726"/>' +
    [-52, 0, 52, 104]
      .map(
        (y) =>
          `<rect x="-150" y="${y}" width="210" height="36" fill="#c8a06a"/><path d="M60,${y}L150,${y - 50}V${y - 14}L60,${y + 36}Z" fill="#a87c4a"/>`,
      )
      .join('') +
    '<path d="M-150,-70L-60,-120H150L60,-70Z" fill="#5d4630"/>' +
    [0, 1, 2, 3]
      .map((i) => {
        const x = -150 + i * 56;
        return `<path d="M${x},-70L${x + 90},-120H${x + 130}L${x + 40},-70Z" fill="#dcbb8a"/>`;
      })
      .join('') +
    '<path d="M-150,-70H60V150H-150Z" fill="none" stroke="#b08550" stroke-width="22"/>' +
    '<path d="M-139,139L49,-59" stroke="#b08550" stroke-width="24"/>' +
    '<path d="M60,-70L150,-120V100L60,150Z" fill="none" stroke="#8a6038" stroke-width="14" stroke-linejoin="round"/>' +
    '<path d="M-150,-70H60L150,-120" stroke="#e8cfa0" stroke-width="4" fill="none"/>' +
    dot(-140, -60, 4, '#5d4630') +
    dot(50, -60, 4, '#5d4630') +
    dot(-140, 140, 4, '#5d4630') +
    dot(50, 140, 4, '#5d4630'),
  'pack:drum':
    '<path d="M-100,-130V140A100,22 0 0 0 100,140V-130Z"/>' +
    '<path d="M-100,-130V140A100,22 0 0 0 -60,157V-112Z" fill="#ffffff" opacity="0.2"/>' +
    '<path d="M60,-112V157A100,22 0 0 0 100,140V-130Z" fill="BG" opacity="0.35"/>' +
    [-40, 50]
      .map(
        (y) =>
          `<path d="M-100,${y}A100,22 0 0 0 100,${y}" stroke="BG" stroke-width="10" fill="none" opacity="0.5"/>` +
          `<path d="M-100,${y - 8}A100,22 0 0 0 100,${y - 8}" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.4"/>`,
      )
      .join('') +
    '<ellipse cy="-130" rx="100" ry="24"/><ellipse cy="-130" rx="100" ry="24" fill="#ffffff" opacity="0.3"/>' +
    '<ellipse cy="-130" rx="88" ry="19" fill="none" stroke="BG" stroke-width="4" opacity="0.5"/>' +
    `<ellipse cx="45" cy="-130" rx="14" ry="5" fill="${STEEL}"/><ellipse cx="45" cy="-133" rx="9" ry="3" fill="${LIGHT_STEEL}"/>` +
    `<ellipse cx="-50" cy="-128" rx="9" ry="4" fill="${STEEL}"/>` +
    '<path d="M-100,140A100,22 0 0 0 100,140" stroke="BG" stroke-width="6" fill="none" opacity="0.6"/>',
};

import { GREEN, LIGHT_STEEL, RED, RUBBER, STEEL, YELLOW } from './palette.ts';

/** n copies of a shape built from its index. */
function rep(n: number, shape: (i: number) => string) {
  return Array.from({ length: n }, (_, i) => shape(i)).join('');
}

/** A wheel or roller at (x,y): black tyre, steel hub. */
function wheel(x: number, y: number, r: number) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${RUBBER}"/><circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="${STEEL}"/><circle cx="${x}" cy="${y}" r="${r * 0.15}" fill="${RUBBER}"/>`;
}

/** Horizontal cooling fins over a body from x to x+w, starting at y, n fins every `step`. */
function fins(x: number, y: number, w: number, n: number, step: number, h = 5) {
  return rep(n, (i) => `<rect x="${x}" y="${y + i * step}" width="${w}" height="${h}" fill="BG" opacity="0.35"/>`);
}

/** A bottle standing on y = base, centred on x, optionally filled with the trade's light colour and capped. */
function bottle(x: number, base: number, level: number, cap = false) {
  const t = base - 85;
  return (
    `<path d="M${x - 6},${t} h12 v15 q14,6 14,20 v45 q0,5 -5,5 h-30 q-5,0 -5,-5 v-45 q0,-14 14,-20 z" fill="#ffffff" opacity="0.85"/>` +
    (level ? `<rect x="${x - 13}" y="${base - level}" width="26" height="${level - 2}" rx="3" fill="LIGHT"/>` : '') +
    (cap ? `<rect x="${x - 8}" y="${t - 8}" width="16" height="10" rx="2" fill="${RED}"/>` : '')
  );
}

/** A bank of five vertical transformer radiator fins starting at x, with its header pipes. */
function radiator(x: number) {
  return (
    rep(5, (i) => `<rect x="${x + i * 15}" y="-25" width="10" height="145" rx="2" opacity="0.8"/>`) +
    `<rect x="${x - 4}" y="-20" width="78" height="10" fill="BG" opacity="0.6"/>` +
    `<rect x="${x - 4}" y="100" width="78" height="10" fill="BG" opacity="0.6"/>`
  );
}

/** A porcelain bushing on the transformer lid at x. */
function bushing(x: number) {
  return (
    `<rect x="${x - 7}" y="-128" width="14" height="70" fill="#c4ccd4"/>` +
    rep(4, (j) => `<ellipse cx="${x}" cy="${-70 - j * 17}" rx="17" ry="6" fill="#eef1f4"/>`) +
    `<rect x="${x - 5}" y="-142" width="10" height="16" rx="2" fill="${STEEL}"/>`
  );
}

/** A DIN-rail circuit breaker module whose left edge is at x. */
function breaker(x: number, on: boolean) {
  const c = x + 36;
  const screw = (y: number) =>
    `<circle cx="${c}" cy="${y}" r="13" fill="${LIGHT_STEEL}"/><rect x="${c - 10}" y="${y - 2}" width="20" height="4" fill="${STEEL}"/>`;
  return (
    `<rect x="${x}" y="-130" width="72" height="260" rx="6"/>` +
    `<rect x="${x + 6}" y="-70" width="60" height="140" rx="4" fill="#ffffff" opacity="0.18"/>` +
    `<rect x="${x + 16}" y="-128" width="40" height="6" fill="BG"/><rect x="${x + 16}" y="122" width="40" height="6" fill="BG"/>` +
    screw(-100) +
    screw(100) +
    `<rect x="${x + 22}" y="-50" width="28" height="62" rx="4" fill="BG"/>` +
    `<rect x="${x + 26}" y="${on ? -46 : -18}" width="20" height="26" rx="4" fill="${RUBBER}"/>` +
    `<rect x="${x + 26}" y="30" width="20" height="12" rx="2" fill="${on ? RED : GREEN}"/>`
  );
}

/** Drawings of the machinery and electrical sub-categories: one recognisable object each (see demo-images.ts). */
export const MACHINE_DRAWINGS: Record<string, string> = {
  Pumps:
    '<rect x="-162" y="128" width="324" height="24" rx="4"/><rect x="-162" y="144" width="324" height="8" fill="BG" opacity="0.5"/>' +
    '<rect x="-135" y="95" width="28" height="35" fill="BG" opacity="0.8"/><rect x="-50" y="95" width="28" height="35" fill="BG" opacity="0.8"/>' +
    '<rect x="-166" y="22" width="30" height="80" rx="12" fill="BG" opacity="0.9"/>' +
    '<rect x="-150" y="10" width="140" height="100" rx="14"/>' +
    fins(-140, 24, 120, 5, 17) +
    '<rect x="-100" y="-14" width="48" height="26" rx="3" opacity="0.9"/>' +
    '<rect x="-10" y="38" width="34" height="44" rx="4" fill="BG" opacity="0.85"/>' +
    '<rect x="45" y="100" width="60" height="30" fill="BG" opacity="0.7"/>' +
    '<rect x="90" y="-48" width="40" height="80"/><rect x="80" y="-60" width="60" height="14" rx="3"/>' +
    '<circle cx="75" cy="60" r="58"/>' +
    '<circle cx="75" cy="60" r="34" fill="BG" opacity="0.3"/>' +
    '<rect x="120" y="40" width="32" height="40"/><rect x="146" y="24" width="16" height="72" rx="3"/>' +
    '<circle cx="75" cy="60" r="10" fill="BG"/>' +
    '<rect x="84" y="-58" width="52" height="4" fill="#ffffff" opacity="0.35"/>',
  Compressors:
    '<rect x="-150" y="40" width="300" height="92" rx="46"/>' +
    '<rect x="-120" y="52" width="240" height="10" rx="5" fill="#ffffff" opacity="0.3"/>' +
    '<rect x="-96" y="40" width="4" height="92" fill="BG" opacity="0.3"/><rect x="92" y="40" width="4" height="92" fill="BG" opacity="0.3"/>' +
    '<rect x="-112" y="120" width="14" height="22" fill="BG"/><rect x="98" y="120" width="14" height="30" fill="BG"/>' +
    '<rect x="84" y="146" width="44" height="10" rx="3" fill="BG"/>' +
    wheel(-105, 142, 22) +
    '<rect x="-135" y="30" width="240" height="12" rx="3" fill="BG"/>' +
    '<rect x="-130" y="-34" width="92" height="66" rx="12"/>' +
    fins(-122, -24, 78, 4, 15) +
    '<rect x="-36" y="-8" width="24" height="26" fill="BG" opacity="0.8"/>' +
    '<rect x="-12" y="-6" width="96" height="38" rx="6" opacity="0.9"/>' +
    '<rect x="4" y="-84" width="64" height="80" rx="4"/>' +
    rep(5, (i) => `<rect x="-6" y="${-76 + i * 15}" width="84" height="8" rx="3" opacity="0.85"/>`) +
    '<rect x="0" y="-100" width="72" height="18" rx="4" fill="BG" opacity="0.85"/>' +
    `<rect x="118" y="-6" width="8" height="50" fill="${STEEL}"/>` +
    `<circle cx="122" cy="-22" r="22" fill="${RUBBER}"/><circle cx="122" cy="-22" r="16" fill="#ffffff"/>` +
    `<rect x="120" y="-34" width="4" height="14" fill="${RED}" transform="rotate(40 122 -22)"/>`,
  'CNC & Machine Tools':
    '<polygon points="-160,-110 -120,-138 130,-138 90,-110" opacity="0.85"/>' +
    '<polygon points="90,-110 130,-138 130,112 90,140" opacity="0.65"/>' +
    '<rect x="-160" y="-110" width="250" height="250"/>' +
    '<rect x="-160" y="126" width="250" height="14" fill="BG" opacity="0.6"/>' +
    '<rect x="-140" y="-88" width="140" height="190" rx="6" fill="BG"/>' +
    `<rect x="-92" y="-88" width="46" height="70" fill="${STEEL}"/><rect x="-80" y="-18" width="22" height="16" fill="${STEEL}"/>` +
    `<rect x="-74" y="-2" width="10" height="26" fill="${LIGHT_STEEL}"/>` +
    `<rect x="-100" y="28" width="62" height="30" fill="${LIGHT_STEEL}"/>` +
    `<rect x="-132" y="58" width="124" height="16" fill="${STEEL}"/>` +
    '<polygon points="-140,40 -70,-88 -40,-88 -140,92" fill="#ffffff" opacity="0.14"/>' +
    `<rect x="6" y="-50" width="8" height="70" rx="4" fill="${LIGHT_STEEL}"/>` +
    '<rect x="22" y="-92" width="58" height="150" rx="4" fill="BG" opacity="0.5"/>' +
    `<rect x="28" y="-84" width="46" height="40" rx="2" fill="${RUBBER}"/><rect x="33" y="-79" width="36" height="30" fill="LIGHT" opacity="0.7"/>` +
    rep(
      9,
      (i) =>
        `<rect x="${30 + (i % 3) * 15}" y="${-34 + Math.floor(i / 3) * 14}" width="11" height="9" rx="2" fill="#ffffff" opacity="0.7"/>`,
    ) +
    `<circle cx="51" cy="35" r="11" fill="${RED}"/>` +
    `<rect x="108" y="-146" width="4" height="12" fill="${STEEL}"/>` +
    `<rect x="102" y="-154" width="16" height="8" fill="${GREEN}"/><rect x="102" y="-162" width="16" height="8" fill="${YELLOW}"/>` +
    `<rect x="102" y="-170" width="16" height="8" rx="2" fill="${RED}"/>`,
  'Packaging Machinery':
    '<rect x="-145" y="88" width="14" height="66" fill="BG" opacity="0.8"/><rect x="131" y="88" width="14" height="66" fill="BG" opacity="0.8"/>' +
    '<rect x="-155" y="150" width="34" height="8" rx="2" fill="BG"/><rect x="121" y="150" width="34" height="8" rx="2" fill="BG"/>' +
    '<rect x="-108" y="-80" width="20" height="160" opacity="0.85"/><rect x="88" y="-80" width="20" height="160" opacity="0.85"/>' +
    '<rect x="-115" y="-152" width="230" height="76" rx="8"/>' +
    `<rect x="-100" y="-138" width="60" height="34" rx="3" fill="${RUBBER}"/><rect x="-95" y="-133" width="50" height="24" fill="LIGHT" opacity="0.7"/>` +
    `<circle cx="60" cy="-121" r="9" fill="${GREEN}"/><circle cx="88" cy="-121" r="9" fill="${RED}"/>` +
    rep(
      3,
      (i) =>
        `<rect x="${-51 + i * 45}" y="-76" width="12" height="36" fill="${STEEL}"/><polygon points="${-53 + i * 45},-40 ${-37 + i * 45},-40 ${-45 + i * 45},-30" fill="${STEEL}"/>`,
    ) +
    rep(3, (i) => `<rect x="${-46.5 + i * 45}" y="-30" width="3" height="40" fill="LIGHT"/>`) +
    bottle(-140, 62, 0) +
    bottle(-45, 62, 30) +
    bottle(0, 62, 40) +
    bottle(45, 62, 50) +
    bottle(140, 62, 62, true) +
    `<rect x="-165" y="62" width="330" height="12" rx="6" fill="${RUBBER}"/>` +
    '<rect x="-160" y="72" width="320" height="18" rx="4"/>' +
    rep(8, (i) => `<circle cx="${-140 + i * 40}" cy="81" r="4" fill="BG"/>`),
  'Food Processing Machinery':
    '<rect x="-150" y="140" width="230" height="18" rx="6" fill="BG" opacity="0.85"/>' +
    '<rect x="-150" y="-110" width="72" height="254" rx="10"/>' +
    '<rect x="-140" y="-100" width="10" height="236" rx="5" fill="#ffffff" opacity="0.25"/>' +
    `<circle cx="-114" cy="20" r="9" fill="${GREEN}"/><circle cx="-114" cy="46" r="9" fill="${RED}"/>` +
    '<rect x="-158" y="-164" width="262" height="70" rx="30"/>' +
    '<rect x="-140" y="-156" width="220" height="10" rx="5" fill="#ffffff" opacity="0.25"/>' +
    `<rect x="-4" y="-94" width="40" height="20" fill="${STEEL}"/>` +
    `<rect x="11" y="-74" width="10" height="60" fill="${LIGHT_STEEL}"/>` +
    rep(
      3,
      (i) => `<ellipse cx="16" cy="0" rx="${10 + i * 14}" ry="44" fill="none" stroke="${STEEL}" stroke-width="5"/>`,
    ) +
    '<rect x="-80" y="20" width="40" height="22" opacity="0.9"/>' +
    `<path d="M-62,-8 h156 q-4,118 -78,120 q-74,-2 -78,-120 z" fill="${LIGHT_STEEL}"/>` +
    `<path d="M50,0 h40 q-6,96 -70,110 q40,-30 30,-110 z" fill="${STEEL}" opacity="0.5"/>` +
    `<rect x="-68" y="-16" width="168" height="14" rx="5" fill="${STEEL}"/>` +
    '<rect x="-44" y="12" width="14" height="70" rx="7" fill="#ffffff" opacity="0.6"/>' +
    '<rect x="4" y="112" width="24" height="30" fill="BG" opacity="0.85"/>',
  'Material Handling':
    '<rect x="98" y="-150" width="26" height="290" rx="3" opacity="0.85"/><rect x="104" y="-150" width="6" height="290" fill="BG" opacity="0.4"/>' +
    `<rect x="124" y="20" width="14" height="130" fill="${RUBBER}"/><rect x="124" y="144" width="46" height="12" fill="${RUBBER}"/>` +
    `<rect x="-125" y="-144" width="172" height="12" rx="4" fill="${RUBBER}"/>` +
    `<rect x="-125" y="-140" width="12" height="160" fill="${RUBBER}"/>` +
    `<polygon points="33,-140 45,-140 62,40 50,40" fill="${RUBBER}"/>` +
    '<path d="M-166,135 V40 q0,-22 22,-22 H-40 L30,50 H100 V135 Z"/>' +
    '<path d="M-166,135 V40 q0,-22 22,-22 h14 V135 Z" fill="BG" opacity="0.45"/>' +
    `<path d="M-100,18 v-42 q0,-8 8,-8 h10 q8,0 8,8 v30 h40 q8,0 8,8 v4 z" fill="${RUBBER}"/>` +
    `<rect x="0" y="-35" width="8" height="60" fill="${RUBBER}" transform="rotate(30 4 25)"/>` +
    `<ellipse cx="-12" cy="-30" rx="16" ry="5" fill="${RUBBER}" transform="rotate(30 -12 -30)"/>` +
    '<circle cx="-95" cy="128" r="40" fill="BG"/><circle cx="62" cy="124" r="44" fill="BG"/>' +
    wheel(-95, 130, 32) +
    wheel(62, 124, 38) +
    '<rect x="-150" y="30" width="90" height="8" rx="4" fill="#ffffff" opacity="0.3"/>',
  'Motors & Drives':
    '<rect x="-164" y="-48" width="44" height="118" rx="18" fill="BG" opacity="0.85"/>' +
    '<polygon points="-110,70 -60,70 -50,142 -120,142" opacity="0.8"/><polygon points="10,70 60,70 70,142 0,142" opacity="0.8"/>' +
    '<rect x="-130" y="136" width="76" height="14" rx="3" opacity="0.9"/><rect x="-6" y="136" width="84" height="14" rx="3" opacity="0.9"/>' +
    '<rect x="-140" y="-60" width="210" height="140" rx="22"/>' +
    fins(-128, -48, 190, 7, 19, 6) +
    '<rect x="-130" y="-54" width="190" height="8" rx="4" fill="#ffffff" opacity="0.3"/>' +
    '<rect x="-56" y="-100" width="72" height="44" rx="5" opacity="0.95"/><rect x="-60" y="-104" width="80" height="10" rx="3"/>' +
    `<rect x="16" y="-86" width="12" height="16" fill="${RUBBER}"/>` +
    `<rect x="90" y="-4" width="64" height="28" fill="${LIGHT_STEEL}"/><rect x="112" y="-4" width="34" height="6" fill="${STEEL}"/>` +
    `<ellipse cx="154" cy="10" rx="5" ry="14" fill="${STEEL}"/>` +
    '<ellipse cx="74" cy="10" rx="26" ry="70" opacity="0.9"/>' +
    '<ellipse cx="78" cy="10" rx="14" ry="36" fill="BG" opacity="0.5"/>',
  'Switchgear & Protection':
    `<rect x="-168" y="-22" width="336" height="44" fill="${STEEL}"/>` +
    `<rect x="-168" y="-12" width="336" height="24" fill="${LIGHT_STEEL}"/>` +
    breaker(-150, true) +
    breaker(-74, true) +
    breaker(2, false) +
    breaker(78, true),
  'Wires & Cables':
    '<path fill-rule="evenodd" d="M-160,85 a130,70 0 1,0 260,0 v-22 a130,70 0 1,0 -260,0 z M-95,80 a65,30 0 1,0 130,0 a65,30 0 1,0 -130,0 z" fill="BG" opacity="0.8"/>' +
    rep(
      2,
      (i) =>
        `<path d="M-160,${70 + i * 8} a130,70 0 0,0 260,0" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.25"/>`,
    ) +
    '<path fill-rule="evenodd" d="M-160,63 a130,70 0 1,0 260,0 a130,70 0 1,0 -260,0 z M-95,58 a65,30 0 1,0 130,0 a65,30 0 1,0 -130,0 z"/>' +
    rep(
      4,
      (i) =>
        `<ellipse cx="-30" cy="${61 - i}" rx="${76 + i * 14}" ry="${37 + i * 8}" fill="none" stroke="BG" stroke-width="3" opacity="0.35"/>`,
    ) +
    '<path d="M60,110 C130,100 140,40 120,-30 L80,-40 C100,20 90,70 40,80 Z"/>' +
    `<circle cx="100" cy="-75" r="50" fill="${RUBBER}"/>` +
    '<circle cx="100" cy="-75" r="42" fill="#ececec"/>' +
    '<circle cx="82" cy="-88" r="16" fill="#8d5524"/><circle cx="118" cy="-88" r="16" fill="#1e5aa8"/>' +
    `<circle cx="100" cy="-57" r="16" fill="${YELLOW}"/><path d="M86,-65 a16,16 0 0,0 28,0 z" fill="${GREEN}"/>` +
    '<circle cx="82" cy="-88" r="8" fill="#d08a3c"/><circle cx="118" cy="-88" r="8" fill="#d08a3c"/><circle cx="100" cy="-57" r="8" fill="#d08a3c"/>',
  Transformers:
    '<rect x="-90" y="135" width="180" height="18" rx="3" fill="BG"/>' +
    radiator(-152) +
    radiator(88) +
    '<rect x="-78" y="-50" width="156" height="188" rx="4"/>' +
    '<rect x="-88" y="-62" width="176" height="16" rx="3"/>' +
    rep(3, (i) => `<rect x="-78" y="${0 + i * 45}" width="156" height="5" fill="BG" opacity="0.3"/>`) +
    '<rect x="-68" y="-42" width="10" height="170" fill="#ffffff" opacity="0.25"/>' +
    '<rect x="20" y="60" width="44" height="28" rx="2" fill="#ffffff" opacity="0.7"/>' +
    bushing(-45) +
    bushing(0) +
    bushing(45),
  'Generators & Power':
    '<rect x="-166" y="126" width="332" height="30" rx="3" fill="BG" opacity="0.9"/>' +
    '<rect x="-166" y="126" width="332" height="6" fill="#ffffff" opacity="0.25"/>' +
    '<rect x="-160" y="-56" width="46" height="182" rx="4"/>' +
    rep(8, (i) => `<rect x="-154" y="${-44 + i * 20}" width="34" height="9" fill="BG" opacity="0.55"/>`) +
    '<rect x="-112" y="-6" width="150" height="132" rx="6" opacity="0.9"/>' +
    '<rect x="-100" y="-30" width="124" height="26" rx="8"/>' +
    rep(4, (i) => `<rect x="${-96 + i * 32}" y="20" width="22" height="50" rx="3" fill="BG" opacity="0.35"/>`) +
    '<rect x="36" y="2" width="124" height="124" rx="18"/>' +
    rep(4, (i) => `<rect x="${62 + i * 20}" y="70" width="8" height="40" rx="4" fill="BG" opacity="0.5"/>`) +
    '<rect x="66" y="-80" width="90" height="76" rx="4" opacity="0.85"/>' +
    `<rect x="76" y="-70" width="44" height="30" fill="${RUBBER}"/><rect x="80" y="-66" width="36" height="22" fill="LIGHT" opacity="0.7"/>` +
    `<circle cx="138" cy="-56" r="10" fill="${RED}"/>` +
    rep(3, (i) => `<rect x="${78 + i * 16}" y="-30" width="10" height="10" rx="2" fill="#ffffff" opacity="0.7"/>`) +
    `<rect x="-96" y="-72" width="112" height="30" rx="15" fill="${STEEL}"/>` +
    `<rect x="-82" y="-44" width="12" height="16" fill="${STEEL}"/>` +
    `<rect x="-10" y="-142" width="16" height="74" fill="${STEEL}"/>` +
    `<polygon points="-14,-142 10,-142 22,-156 -2,-156" fill="${RUBBER}"/>`,
  Lighting:
    '<path d="M-140,-20 V92 q0,22 22,22 H108 q22,0 22,-22 V-20 h-16 V92 q0,6 -6,6 H-118 q-6,0 -6,-6 V-20 z" fill="BG" opacity="0.9"/>' +
    '<rect x="-14" y="112" width="28" height="38" fill="BG" opacity="0.9"/><rect x="-55" y="146" width="110" height="12" rx="3" fill="BG"/>' +
    rep(11, (i) => `<rect x="${-118 + i * 21.5}" y="-140" width="11" height="40" rx="3" opacity="0.8"/>`) +
    '<rect x="-126" y="-112" width="242" height="170" rx="16"/>' +
    `<rect x="-110" y="-96" width="210" height="138" rx="6" fill="${RUBBER}"/>` +
    rep(18, (i) => {
      const at = `cx="${-84 + (i % 6) * 31.5}" cy="${-70 + Math.floor(i / 6) * 43}"`;
      return `<circle ${at} r="9.5" fill="${YELLOW}" stroke="#fff6cc" stroke-width="7"/>`;
    }) +
    '<polygon points="-110,10 -20,-96 20,-96 -80,42 -110,42" fill="#ffffff" opacity="0.12"/>' +
    `<circle cx="-133" cy="-16" r="13" fill="${RUBBER}"/><circle cx="123" cy="-16" r="13" fill="${RUBBER}"/>`,
  'Valves & Fittings':
    '<rect x="-130" y="48" width="260" height="66"/>' +
    '<rect x="-158" y="18" width="30" height="126" rx="4"/><rect x="128" y="18" width="30" height="126" rx="4"/>' +
    rep(
      3,
      (i) =>
        `<rect x="-166" y="${30 + i * 46}" width="46" height="10" rx="2" fill="${STEEL}"/><rect x="120" y="${30 + i * 46}" width="46" height="10" rx="2" fill="${STEEL}"/>`,
    ) +
    '<ellipse cx="0" cy="80" rx="84" ry="72"/>' +
    '<ellipse cx="-24" cy="60" rx="30" ry="38" fill="#ffffff" opacity="0.2"/>' +
    '<rect x="-40" y="-30" width="80" height="44"/><rect x="-58" y="4" width="116" height="16" rx="3"/><rect x="-52" y="-36" width="104" height="12" rx="3"/>' +
    '<rect x="-30" y="-96" width="12" height="64" opacity="0.85"/><rect x="18" y="-96" width="12" height="64" opacity="0.85"/><rect x="-36" y="-102" width="72" height="12" rx="3"/>' +
    `<rect x="-5" y="-126" width="10" height="96" fill="${LIGHT_STEEL}"/>` +
    `<path fill-rule="evenodd" fill="${RED}" d="M-96,-112 a96,26 0 1,0 192,0 a96,26 0 1,0 -192,0 z M-80,-112 a80,17 0 1,0 160,0 a80,17 0 1,0 -160,0 z"/>` +
    `<rect x="-82" y="-115" width="164" height="7" fill="${RED}"/><rect x="-4" y="-134" width="8" height="40" fill="${RED}"/>` +
    `<ellipse cx="0" cy="-112" rx="16" ry="8" fill="${RUBBER}"/>`,
  'Bearings & Power Transmission':
    '<circle cx="12" cy="8" r="150" fill="BG" opacity="0.85"/>' +
    '<circle r="150"/>' +
    '<circle r="114" fill="BG"/>' +
    `<circle r="90" fill="none" stroke="${STEEL}" stroke-width="14"/>` +
    rep(10, (i) => {
      const a = (i * Math.PI) / 5;
      const x = Math.round(90 * Math.cos(a));
      const y = Math.round(90 * Math.sin(a));
      return `<circle cx="${x}" cy="${y}" r="21" fill="${LIGHT_STEEL}"/><circle cx="${x - 7}" cy="${y - 7}" r="7" fill="#ffffff"/>`;
    }) +
    '<path fill-rule="evenodd" d="M-68,0 a68,68 0 1,0 136,0 a68,68 0 1,0 -136,0 z M-42,0 a42,42 0 1,0 84,0 a42,42 0 1,0 -84,0 z"/>' +
    '<circle r="140" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.3"/>' +
    '<circle r="60" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.3"/>',
  'Hydraulics & Pneumatics':
    `<path d="M-130,-34 C-130,-140 50,-140 50,-34" fill="none" stroke="${RUBBER}" stroke-width="12"/>` +
    `<rect x="-139" y="-56" width="18" height="24" fill="${STEEL}"/><rect x="41" y="-56" width="18" height="24" fill="${STEEL}"/>` +
    '<rect x="-168" y="20" width="30" height="40" rx="4" opacity="0.9"/><circle cx="-156" cy="40" r="11" fill="BG"/>' +
    `<rect x="65" y="22" width="80" height="36" fill="${LIGHT_STEEL}"/><rect x="65" y="27" width="80" height="7" fill="#ffffff"/>` +
    '<rect x="136" y="14" width="20" height="52" rx="3" opacity="0.9"/><circle cx="148" cy="40" r="22"/><circle cx="148" cy="40" r="9" fill="BG"/>' +
    '<rect x="-116" y="-20" width="152" height="120"/>' +
    '<rect x="-116" y="-8" width="152" height="14" fill="#ffffff" opacity="0.3"/>' +
    '<rect x="-116" y="76" width="152" height="14" fill="BG" opacity="0.2"/>' +
    '<rect x="-146" y="-34" width="32" height="148" rx="3" opacity="0.95"/><rect x="34" y="-34" width="32" height="148" rx="3" opacity="0.95"/>' +
    `<rect x="-146" y="-29" width="212" height="7" fill="${STEEL}"/><rect x="-146" y="102" width="212" height="7" fill="${STEEL}"/>` +
    rep(4, (i) => `<circle cx="${i % 2 ? 50 : -130}" cy="${i < 2 ? -26 : 106}" r="6" fill="BG"/>`),
  'Filters & Filtration':
    '<ellipse cx="0" cy="140" rx="88" ry="20"/><rect x="-88" y="118" width="176" height="22"/>' +
    '<rect x="-80" y="-108" width="160" height="232" fill="#f3efe4"/>' +
    rep(17, (i) => {
      const x = Math.round(78 * Math.sin(((i - 8) * Math.PI) / 18));
      return `<rect x="${x - 1.5}" y="-108" width="3" height="232" fill="BG" opacity="0.3"/>`;
    }) +
    '<rect x="-80" y="-108" width="18" height="232" fill="BG" opacity="0.15"/><rect x="50" y="-108" width="30" height="232" fill="BG" opacity="0.22"/>' +
    '<rect x="-88" y="-132" width="176" height="26"/>' +
    '<ellipse cx="0" cy="-106" rx="88" ry="20" opacity="0.9"/>' +
    '<ellipse cx="0" cy="-132" rx="88" ry="22" fill="LIGHT"/>' +
    `<ellipse cx="0" cy="-132" rx="50" ry="12" fill="none" stroke="${RUBBER}" stroke-width="6"/>` +
    '<ellipse cx="0" cy="-132" rx="34" ry="8" fill="BG"/>',
};

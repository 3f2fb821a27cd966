import { BUILDING_DRAWINGS } from './building.ts';
import { EQUIPMENT_DRAWINGS } from './equipment.ts';
import { MACHINE_DRAWINGS } from './machines.ts';
import { MATERIAL_DRAWINGS } from './materials.ts';

/**
 * What the demo pictures draw: one object per sub-category of the category tree (a pump for every pump,
 * a sack of grain for rice, wheat and lentils), and the packaging goods travel in. Fragments are SVG
 * centred on (0,0) within ±170; shapes without a fill take the trade's colours, `BG` and `LIGHT` name them.
 */
const ALL: Record<string, string> = {
  ...MACHINE_DRAWINGS,
  ...MATERIAL_DRAWINGS,
  ...BUILDING_DRAWINGS,
  ...EQUIPMENT_DRAWINGS,
};
const PACK_PREFIX = 'pack:';

export const KIND_DRAWINGS: Record<string, string> = Object.fromEntries(
  Object.entries(ALL).filter(([key]) => !key.startsWith(PACK_PREFIX)),
);

type Pack = 'carton' | 'sack' | 'bulk-bag' | 'reel' | 'crate' | 'drum';

/** How goods sold by each unit usually travel. */
const PACK_OF_UNIT: Record<string, Pack> = {
  Piece: 'carton',
  Kilogram: 'sack',
  'Metric Ton': 'bulk-bag',
  Meter: 'carton',
};

/**
 * Where the kind says more than the unit: machines leave the factory crated, liquids in drums, cable on
 * reels. `null`: nothing a seller would photograph packed (vehicles, steel, stacked building materials);
 * their second picture shows the object from its other side.
 */
const PACK_OF_KIND: Record<string, Pack | null> = {
  Pumps: 'crate',
  Compressors: 'crate',
  'CNC & Machine Tools': 'crate',
  'Packaging Machinery': 'crate',
  'Food Processing Machinery': 'crate',
  'Material Handling': null,
  Transformers: 'crate',
  'Generators & Power': 'crate',
  'Wires & Cables': 'reel',
  'Non-Ferrous Metals': 'reel',
  'Industrial Chemicals': 'drum',
  'Paints & Coatings': 'drum',
  'Water Treatment Chemicals': 'drum',
  'Lubricants & Oils': 'drum',
  'Fresh Produce': 'crate',
  'Agricultural Machinery': null,
  'Construction Machinery': null,
  'Commercial Vehicles': null,
  'Building Materials': null,
  'Steel Products': null,
  'Tyres & Wheels': null,
  'Industrial Storage': null,
  'Hospitality Furniture': 'crate',
};

/** The drawing of a kind's packaging, or undefined when such goods are not shown packed. */
export function packDrawing(kind: string, unit: string): string | undefined {
  const pack = kind in PACK_OF_KIND ? PACK_OF_KIND[kind] : (PACK_OF_UNIT[unit] ?? 'carton');
  return pack ? ALL[`${PACK_PREFIX}${pack}`] : undefined;
}

/** A plain shipping carton: what any kind the drawings do not know yet is shown as. */
export const UNKNOWN_KIND_DRAWING = ALL[`${PACK_PREFIX}carton`];

/** The fixed colours the drawings share where a real object has them, whatever the trade's colours. */
export const STEEL = '#8c96a0';
export const LIGHT_STEEL = '#d9dee3';
export const RUBBER = '#1f2328';
export const RED = '#c0392b';
export const YELLOW = '#f1c40f';
export const GREEN = '#2e7d32';

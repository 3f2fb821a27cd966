/** An exact decimal string as people read it: "USD 4,731.77" (no float ever touches it). */
export function amount(value: string, currency: string): string {
  const negative = value.startsWith('-');
  const [whole, fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '−' : ''}${currency} ${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

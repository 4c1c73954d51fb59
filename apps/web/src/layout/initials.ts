/** "Juan Carlos" + "Pérez Ruiz" → "JP". */
export function initials(nombres: string, apellidos: string): string {
  const first = nombres.trim().charAt(0);
  const last = apellidos.trim().charAt(0);
  return `${first}${last}`.toUpperCase() || '?';
}

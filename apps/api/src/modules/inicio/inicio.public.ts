/** What other modules may use of the inicio module: its notion of "today" and the day's counters. */
export { contarDocumentosHoy } from './inicio.repository';
export { DIA_HOY, INICIO_HOY } from './period.sql';

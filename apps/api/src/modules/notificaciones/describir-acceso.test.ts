import { describe, expect, it } from 'vitest';
import { describirAccesoRecibido } from './notificaciones.repository';

describe('describirAccesoRecibido', () => {
  it.each([
    [
      'Concedió acceso de lectura a Ana Belén Romero Gil hasta el 31/12/2026.',
      'Le dio acceso de lectura al expediente, hasta el 31/12/2026.',
    ],
    ['Concedió acceso de gestión a Luis Pérez.', 'Le dio acceso de gestión al expediente, sin fecha de fin.'],
    ['Otra frase cualquiera.', 'Le dio acceso al expediente.'],
  ])('«%s» → «%s»', (historial, notificacion) => {
    expect(describirAccesoRecibido(historial)).toBe(notificacion);
  });
});

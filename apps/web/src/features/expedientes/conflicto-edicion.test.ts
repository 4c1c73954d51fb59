import { describe, expect, it } from 'vitest';
import { diferenciasConVersionNueva, sobreVersionNueva } from './conflicto-edicion';
import { formValuesOf, toEditarExpediente } from './form-values';
import { expedienteDemo, lucia } from './test-fixtures';

const partida = expedienteDemo({ version: 3 });
const nueva = expedienteDemo({
  version: 4,
  asunto: 'Licencia de obra menor en la calle Real',
  tipo: { id: 1, nombre: 'Solicitud' },
  responsable: lucia,
});
const nombres = { tipo: () => undefined, responsable: () => undefined };

describe('diferenciasConVersionNueva', () => {
  it('lists the fields where what the person had and the saved value differ, ids by name', () => {
    const enviados = { ...formValuesOf(partida), asunto: 'Licencia de obra mayor', descripcion: '' };
    expect(diferenciasConVersionNueva(partida, enviados, nueva, nombres)).toEqual([
      {
        campo: 'asunto',
        etiqueta: 'Asunto',
        suyo: 'Licencia de obra mayor',
        guardado: 'Licencia de obra menor en la calle Real',
      },
      { campo: 'descripcion', etiqueta: 'Descripción', suyo: null, guardado: partida.descripcion },
      { campo: 'id_tipo', etiqueta: 'Tipo', suyo: 'Licencia', guardado: 'Solicitud' },
      {
        campo: 'id_responsable',
        etiqueta: 'Responsable',
        suyo: 'Juan Carlos Pérez Ruiz',
        guardado: 'Lucía Fernández Díaz',
      },
    ]);
  });

  it('names a tipo neither version has from the catalogue, and lists a transfer and a change of estado', () => {
    const movida = { ...nueva, unidad: { id: 4, nombre: 'Hacienda' }, estado: 'en_tramite' as const };
    const enviados = { ...formValuesOf(partida), id_tipo: 2 };
    const diferencias = diferenciasConVersionNueva(partida, enviados, movida, {
      ...nombres,
      tipo: (id) => (id === 2 ? 'Queja o reclamación' : undefined),
    });
    expect(diferencias.map(({ etiqueta, suyo, guardado }) => `${etiqueta}: ${suyo} → ${guardado}`)).toEqual([
      'Asunto: Solicitud de licencia de obra menor → Licencia de obra menor en la calle Real',
      'Tipo: Queja o reclamación → Solicitud',
      'Responsable: Juan Carlos Pérez Ruiz → Lucía Fernández Díaz',
      'Unidad responsable: Urbanismo → Hacienda',
      'Estado: Abierto → En trámite',
    ]);
  });
});

describe('sobreVersionNueva', () => {
  it('keeps what the person changed, takes the saved value elsewhere; saving sends only their change', () => {
    const actuales = { ...formValuesOf(partida), asunto: 'Licencia de obra mayor' };
    const valores = sobreVersionNueva(partida, actuales, nueva);
    expect(valores).toEqual({ ...formValuesOf(nueva), asunto: 'Licencia de obra mayor' });
    expect(toEditarExpediente(nueva, valores)).toEqual({ version: 4, asunto: 'Licencia de obra mayor' });
  });
});

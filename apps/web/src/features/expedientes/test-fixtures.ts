import type { Expediente, ExpedienteResumen, HistorialEntrada } from '@ecodigital/contracts/expedientes';

const juanCarlos = { id_usuario: 2, nombre_completo: 'Juan Carlos Pérez Ruiz', username: 'gestor' };
export const lucia = { id_usuario: 3, nombre_completo: 'Lucía Fernández Díaz', username: 'consulta' };

/** `GET /api/catalogos/tipos-expediente`: one deactivated, which forms no longer offer. */
export const TIPOS = [
  { id: 1, nombre: 'Solicitud', activo: true },
  { id: 2, nombre: 'Queja o reclamación', activo: true },
  { id: 3, nombre: 'Licencia', activo: true },
  { id: 4, nombre: 'Recurso de alzada', activo: false },
];
/** `GET /api/catalogos/unidades`, named by their ruta. */
export const UNIDADES = [
  { id: 1, codigo: 'LA0019002', nombre: 'Secretaría General', ruta: 'Secretaría General', activo: true },
  { id: 2, codigo: 'LA0019005', nombre: 'Urbanismo', ruta: 'Urbanismo', activo: true },
  {
    id: 3,
    codigo: 'LA0019006',
    nombre: 'Sección de Licencias',
    ruta: 'Urbanismo › Sección de Licencias',
    activo: true,
  },
  { id: 4, codigo: 'LA0019008', nombre: 'Hacienda', ruta: 'Hacienda', activo: true },
  { id: 5, codigo: 'LA0019015', nombre: 'Oficina Técnica', ruta: 'Hacienda › Oficina Técnica', activo: false },
];
export const RESPONSABLES = [juanCarlos, lucia];

export function expedienteDemo(overrides: Partial<Expediente> = {}): Expediente {
  return {
    id_expediente: 7,
    numero: 'EXP-2025-000007',
    asunto: 'Solicitud de licencia de obra menor',
    descripcion: 'Reforma de cocina.\nSin cambios estructurales.',
    tipo: { id: 3, nombre: 'Licencia' },
    unidad: { id: 2, nombre: 'Urbanismo' },
    interesado_nombre: 'Ana Martínez Soto',
    interesado_documento: '12345678Z',
    responsable: juanCarlos,
    estado: 'abierto',
    fecha_apertura: '2025-03-04T09:15:00.000Z',
    fecha_cierre: null,
    creado_por: juanCarlos,
    actualizado_en: '2025-03-05T16:40:00.000Z',
    version: 1,
    gestion: true,
    gestion_por: 'unidad',
    plazo: null,
    ...overrides,
  };
}

export function resumenDemo(overrides: Partial<ExpedienteResumen> = {}): ExpedienteResumen {
  const { descripcion: _descripcion, ...resumen } = expedienteDemo();
  return { ...resumen, ...overrides };
}

export function eventoDemo(overrides: Partial<HistorialEntrada> = {}): HistorialEntrada {
  return {
    id: 1,
    evento: 'creacion',
    descripcion: 'Creó el expediente',
    cambios: [],
    motivo: null,
    usuario: juanCarlos,
    fecha: '2025-03-04T09:15:00.000Z',
    lectura: null,
    ...overrides,
  };
}

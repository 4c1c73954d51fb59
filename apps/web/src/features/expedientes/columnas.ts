import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The columns of the expedientes list, in the order they are drawn. */
export const COLUMNAS = [
  'numero',
  'asunto',
  'tipo',
  'unidad',
  'interesado',
  'responsable',
  'estado',
  'vence',
  'apertura',
] as const;
export type Columna = (typeof COLUMNAS)[number];

export const ETIQUETAS_COLUMNA: Record<Columna, string> = {
  numero: 'Número',
  asunto: 'Asunto',
  tipo: 'Tipo',
  unidad: 'Unidad',
  interesado: 'Interesado',
  responsable: 'Responsable',
  estado: 'Estado',
  vence: 'Vence',
  apertura: 'Apertura',
};

/** The número names the row (and opens it by keyboard): it is never hidden. */
export const COLUMNA_FIJA: Columna = 'numero';

/** Hidden until someone shows it: with every column a row no longer reads whole at 1366 px. */
const OCULTAS_AL_EMPEZAR: readonly Columna[] = ['interesado'];

interface ColumnasGuardadas {
  /** Per username: a browser shared by two people keeps each one's choice. */
  ocultas: Record<string, Columna[]>;
  ocultar: (usuario: string, ocultas: Columna[]) => void;
}

/** Client state, kept in this browser: which columns each person has hidden. */
export const useColumnasGuardadas = create<ColumnasGuardadas>()(
  persist(
    (set) => ({
      ocultas: {},
      ocultar: (usuario, ocultas) => set((estado) => ({ ocultas: { ...estado.ocultas, [usuario]: ocultas } })),
    }),
    {
      name: 'ecodigital.columnas-expedientes',
      storage: createJSONStorage(() => localStorage),
      partialize: (estado) => ({ ocultas: estado.ocultas }),
    },
  ),
);

/** The columns a person sees: what they chose, or the default; names an older version knew are dropped. */
export function columnasVisibles(ocultas: readonly string[] | undefined): Columna[] {
  const sinMostrar = ocultas ?? OCULTAS_AL_EMPEZAR;
  return COLUMNAS.filter((columna) => columna === COLUMNA_FIJA || !sinMostrar.includes(columna));
}

/** Hidden, for a person who now sees `visibles`. */
export const ocultasDe = (visibles: readonly Columna[]): Columna[] =>
  COLUMNAS.filter((columna) => !visibles.includes(columna));

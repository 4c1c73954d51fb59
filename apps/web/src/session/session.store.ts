import { create } from 'zustand';
import type { Usuario } from '@ecodigital/contracts/session';

interface SessionState {
  usuario: Usuario | null;
  permisos: string[];
  setSession: (usuario: Usuario, permisos: string[]) => void;
  clear: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  usuario: null,
  permisos: [],
  setSession: (usuario, permisos) => set({ usuario, permisos }),
  clear: () => set({ usuario: null, permisos: [] }),
}));

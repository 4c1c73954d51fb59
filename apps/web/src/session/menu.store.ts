import { create } from 'zustand';
import type { MenuItem } from '@ecodigital/contracts/session';

interface MenuState {
  menu: MenuItem[];
  /** Path of the highlighted menu item (`/{nom_modulo}`), '' when none. */
  activeMenu: string;
  setMenu: (menu: MenuItem[]) => void;
  setActiveMenu: (path: string) => void;
  /** What clicking `Inicio` does. */
  resetActiveMenu: () => void;
  clear: () => void;
}

export const useMenuStore = create<MenuState>()((set) => ({
  menu: [],
  activeMenu: '',
  setMenu: (menu) => set({ menu }),
  setActiveMenu: (activeMenu) => set({ activeMenu }),
  resetActiveMenu: () => set({ activeMenu: '' }),
  clear: () => set({ menu: [], activeMenu: '' }),
}));

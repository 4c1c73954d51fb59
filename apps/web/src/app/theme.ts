import type { ThemeConfig } from 'antd';

/** Calm, professional: a deep teal for EcoDigital, neutral surfaces. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    colorSuccess: '#15803d',
    borderRadius: 8,
    colorBgLayout: '#f4f7f6',
    // antd's default secondary grey (45 % black) misses WCAG AA contrast on white and on the layout background.
    colorTextSecondary: '#4b5563',
    colorTextDescription: '#4b5563',
    // Likewise antd's placeholder grey (25 % black): a select's placeholder is its only visible label.
    colorTextPlaceholder: '#6b7280',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', footerBg: 'transparent' },
    Menu: { itemSelectedBg: '#ccfbf1', itemSelectedColor: '#115e59', itemBorderRadius: 6 },
  },
};

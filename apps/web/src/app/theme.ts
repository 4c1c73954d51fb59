import type { ThemeConfig } from 'antd';

/** Calm, professional: a deep teal for EcoDigital, neutral surfaces. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    colorSuccess: '#15803d',
    // antd's red (#ff4d4f) gives 3,6:1 on white: danger buttons and their text («Revocar», «Desactivar»)
    // and form errors need a darker one for WCAG AA.
    colorError: '#b91c1c',
    borderRadius: 8,
    colorBgLayout: '#f4f7f6',
    // antd's default secondary grey (45 % black) misses WCAG AA contrast on white and on the layout background.
    colorTextSecondary: '#4b5563',
    colorTextDescription: '#4b5563',
    // Likewise antd's placeholder grey (25 % black): a select's placeholder is its only visible label.
    colorTextPlaceholder: '#6b7280',
    // antd draws the keyboard focus outline in this colour; its default (a light tint of the primary)
    // contrasts 3,2:1 with white and only 2,9:1 with the layout background, under the 3:1 of WCAG 1.4.11.
    colorPrimaryBorder: '#0f766e',
    // The ring around a focused field (input, select, date picker) beside its 1-px border: antd's is
    // a 35 % tint (2,1:1); solid, the focused field shows a 3-px ring like a focused button.
    controlOutline: '#0f766e',
    // The same ring on a field that failed validation: antd's is a 6 % tint of red, so a focused
    // field in error showed no focus at all.
    colorErrorOutline: '#b91c1c',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', footerBg: 'transparent' },
    Menu: { itemSelectedBg: '#ccfbf1', itemSelectedColor: '#115e59', itemBorderRadius: 6 },
    // antd draws a primary button's lower edge with `controlOutline`: kept as it was.
    Button: { primaryShadow: '0 2px 0 rgba(6, 44, 35, 0.35)' },
  },
};

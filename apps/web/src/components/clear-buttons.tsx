import { CloseCircleFilled } from '@ant-design/icons';

/**
 * `allowClear` for a Select: its clear button named in Spanish (the UI kit names it "Clear"). It is
 * a Tab stop while the field has a value; `ui-kit.css` shows it when it has the focus.
 */
export function selectClear(name: string) {
  return { clearIcon: <CloseCircleFilled />, label: name };
}

/** `allowClear` for an Input: its clear button takes its name from the icon, which says it in Spanish. */
export function inputClear(name: string) {
  return { clearIcon: <CloseCircleFilled aria-label={name} /> };
}

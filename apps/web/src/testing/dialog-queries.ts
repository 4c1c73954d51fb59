import { fireEvent, waitFor, within } from '@testing-library/react';

/** A button of a dialog, by its visible text. */
export const dialogButton = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'button span' });

/** The options an antd Select of the dialog offers once opened. */
export async function openOptions(dialog: HTMLElement, label: string): Promise<HTMLElement[]> {
  const input = within(dialog).getByLabelText(label);
  fireEvent.mouseDown(input.closest('.ant-select')!);
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const options = [...(list?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
    if (options.length === 0) throw new Error(`${label}: sin opciones visibles`);
    return options;
  });
}

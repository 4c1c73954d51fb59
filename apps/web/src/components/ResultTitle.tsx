import { PAGE_TITLE_ATTRIBUTE } from '../lib/page-focus';
import './page-header.css';

/**
 * The title of a page that is only a message (no existe, sin permiso, error): the page's one `h1`,
 * drawn as antd's Result draws its title. The skip link and a lost focus lead to it.
 */
export function ResultTitle({ children }: { children: string }) {
  return (
    <h1 {...{ [PAGE_TITLE_ATTRIBUTE]: '' }} tabIndex={-1} className="page-title result-title">
      {children}
    </h1>
  );
}

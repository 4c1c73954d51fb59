import { Breadcrumb } from 'antd';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  path: string;
}

/** The breadcrumbs of nested pages: Inicio, then each level, the last one without a link. */
export default function ShellBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumb
      style={{ marginBottom: 12 }}
      items={[
        { title: <Link to="/">Inicio</Link> },
        ...crumbs.map((crumb, index) => ({
          title: index < crumbs.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
        })),
      ]}
    />
  );
}

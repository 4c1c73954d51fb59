import { lazy, Suspense } from 'react';
import type { BlockErrorProps } from './BlockErrorAlert';

// antd's Alert (and its icons) load only when a block fails, not with Inicio's first screen.
const BlockErrorAlert = lazy(() => import('./BlockErrorAlert'));

/** A block that failed says so in place, with a retry; the rest of Inicio keeps working. */
export function BlockError(props: BlockErrorProps) {
  return (
    <Suspense fallback={null}>
      <BlockErrorAlert {...props} />
    </Suspense>
  );
}

import type { DropdownProps } from 'antd';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ElementType,
  type MouseEvent,
  type ReactElement,
  type Ref,
} from 'react';

type DropdownComponent = ComponentType<DropdownProps>;
type TriggerProps = {
  onClick?: (event: MouseEvent) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  ref?: Ref<HTMLElement>;
};

let loaded: DropdownComponent | undefined;
function loadDropdown(): Promise<DropdownComponent> {
  return import('antd/es/dropdown').then((module) => (loaded = module.default as DropdownComponent));
}

function focusable(element: HTMLElement | null): HTMLElement | null {
  return element?.matches('button, [href], [tabindex]')
    ? element
    : (element?.querySelector<HTMLElement>('button, [href], [tabindex]') ?? null);
}

/**
 * antd's Dropdown for the header's click menus, loaded the first time the trigger is used (or
 * pointed at): until then only the trigger is drawn, exactly as the Dropdown draws it, and the
 * first click loads the Dropdown and opens it. Keeps the dropdown code out of the first load.
 */
export function DeferredDropdown({
  children,
  open,
  onOpenChange,
  ...props
}: DropdownProps & { children: ReactElement<TriggerProps> }) {
  const [Dropdown, setDropdown] = useState(() => loaded);
  const [ownOpen, setOwnOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  // The trigger's own callback ref (the user menu gives the focus back to its button) still gets the element.
  const ownRef = children.props.ref;
  const setTrigger = useCallback(
    (element: HTMLElement | null) => {
      trigger.current = element;
      if (typeof ownRef === 'function') ownRef(element);
    },
    [ownRef],
  );

  // The trigger is a new element once the Dropdown wraps it: give it back the focus it had.
  useLayoutEffect(() => {
    if (Dropdown && refocus.current) {
      refocus.current = false;
      focusable(trigger.current)?.focus();
    }
  }, [Dropdown]);

  // The child element again, with our ref (and handlers): written as JSX rather than cloneElement,
  // so React can see that the ref and the handlers are only used after render.
  const Trigger = children.type as ElementType<TriggerProps>;
  if (!Dropdown) {
    return (
      <Trigger
        {...children.props}
        ref={setTrigger}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={(event: MouseEvent) => {
          children.props.onClick?.(event);
          refocus.current = trigger.current?.contains(document.activeElement) ?? false;
          void loadDropdown().then((component) => {
            setDropdown(() => component);
            setOwnOpen(true);
            onOpenChange?.(true, { source: 'trigger' });
          });
        }}
      />
    );
  }
  return (
    <Dropdown
      {...props}
      open={open ?? ownOpen}
      onOpenChange={(next, info) => {
        setOwnOpen(next);
        onOpenChange?.(next, info);
      }}
    >
      <Trigger {...children.props} ref={setTrigger} />
    </Dropdown>
  );
}

import { Form, Modal, type FormProps, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

type Props<Values> = Omit<ModalProps, 'modalRender' | 'onOk' | 'cancelText' | 'destroyOnHidden'> & {
  /** The form around the whole dialog, so that Enter in a field and the OK button both submit it. */
  form: Omit<FormProps<Values>, 'layout' | 'children' | 'onFinish'> & {
    /** May be async: the dialog does not wait for it (the caller shows its own progress and errors). */
    onFinish?: (values: Values) => void | Promise<void>;
  };
  children: ReactNode;
};

/**
 * A dialog that is a form: its OK button submits (validation included), and it gets a fresh form
 * store each time it opens (its content is destroyed when hidden). A click outside does not close
 * it unless `maskClosable` says so, so that what was typed is not lost by accident.
 */
export function FormModal<Values>({ form, okButtonProps, maskClosable = false, children, ...modal }: Props<Values>) {
  return (
    <Modal
      cancelText="Cancelar"
      destroyOnHidden
      maskClosable={maskClosable}
      {...modal}
      okButtonProps={{ ...okButtonProps, htmlType: 'submit' }}
      modalRender={(content) => (
        <Form<Values>
          layout="vertical"
          {...form}
          onFinish={(values) => void form.onFinish?.(values)}
          // Tab past the last button wraps to the first (the close icon) without scrolling to it: a
          // dialog taller than the window would hide where the focus went.
          onFocus={(event) => event.target.scrollIntoView?.({ block: 'nearest' })}
        >
          {content}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}

/**
 * The toasts of a console action: an info toast while it runs, turned into a success or an error
 * when it ends; a failure then also shows the server's own text.
 *
 * @module
 */

import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';

/** What a console action announces, per its input. */
export interface ActionMessages<V, D = unknown> {
  readonly pending: (variables: V) => string;
  /** Given the server's answer too, so the toast can say what actually happened. */
  readonly success: (variables: V, data: D) => string;
  readonly failure: (variables: V) => string;
}

/** The context the callbacks pass along: the id of the info toast. */
export interface ToastContext {
  readonly toastId: number;
}

/** `onMutate` / `onSuccess` / `onError` of a mutation that toasts as {@link ActionMessages} say. */
export function actionToasts<V, D = unknown>(messages: ActionMessages<V, D>) {
  return {
    onMutate: (variables: V): ToastContext => ({ toastId: toast.info(messages.pending(variables)) }),
    onSuccess: (data: D, variables: V, context: ToastContext | undefined): void => {
      if (context) toast.update(context.toastId, 'success', messages.success(variables, data));
      else toast.success(messages.success(variables, data));
    },
    onError: (error: unknown, variables: V, context: ToastContext | undefined): void => {
      if (context) toast.update(context.toastId, 'error', messages.failure(variables));
      else toast.error(messages.failure(variables));
      toast.error(errorText(error));
    },
  };
}

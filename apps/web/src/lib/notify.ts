import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@tradeloop/contracts/common-constants';

/** Toasts close after TIMINGS.toastAutoCloseMs (spec section 9), unless a caller needs them longer. */
type ToastOptions = { title?: string; autoClose?: number };

/** Rendering on the server (decision 029) has nobody to tell; the browser tells after hydration. */
function show(toast: Parameters<typeof notifications.show>[0]) {
  if (typeof window !== 'undefined') notifications.show(toast);
}

export function notifyError(message: string, options: ToastOptions = {}) {
  show({
    color: 'red',
    title: options.title,
    message,
    autoClose: options.autoClose ?? TIMINGS.toastAutoCloseMs,
  });
}

export function notifySuccess(message: string, options: ToastOptions = {}) {
  show({
    color: 'teal',
    title: options.title,
    message,
    autoClose: options.autoClose ?? TIMINGS.toastAutoCloseMs,
  });
}

export function notifyInfo(message: string, options: ToastOptions = {}) {
  show({
    color: 'brand',
    title: options.title,
    message,
    autoClose: options.autoClose ?? TIMINGS.toastAutoCloseMs,
  });
}

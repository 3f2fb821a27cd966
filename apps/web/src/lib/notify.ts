import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@tradeloop/contracts/common';

/** Toasts close after TIMINGS.toastAutoCloseMs (spec section 9), unless a caller needs them longer. */
type ToastOptions = { title?: string; autoClose?: number };

export function notifyError(message: string, options: ToastOptions = {}) {
  notifications.show({
    color: 'red',
    title: options.title,
    message,
    autoClose: options.autoClose ?? TIMINGS.toastAutoCloseMs,
  });
}

export function notifySuccess(message: string, options: ToastOptions = {}) {
  notifications.show({
    color: 'teal',
    title: options.title,
    message,
    autoClose: options.autoClose ?? TIMINGS.toastAutoCloseMs,
  });
}

export function notifyInfo(message: string, options: ToastOptions = {}) {
  notifications.show({
    color: 'brand',
    title: options.title,
    message,
    autoClose: options.autoClose ?? TIMINGS.toastAutoCloseMs,
  });
}

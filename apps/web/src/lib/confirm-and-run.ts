import { Dialog, Toast } from '@/lib/antd-mobile-imperative';

/**
 * Ask first, then run: on success a toast says it is done and `afterDone` runs (typically a
 * navigation); on failure a toast gives the server's reason and nothing else happens.
 */
export async function confirmAndRun(options: {
  dialog: { title: string; content: string; confirmText: string; cancelText: string };
  run: () => Promise<unknown>;
  done: { content: string; isSuccess?: boolean };
  afterDone?: () => void;
}): Promise<void> {
  const isConfirmed = await Dialog.confirm(options.dialog);
  if (!isConfirmed) return;
  try {
    await options.run();
  } catch (error) {
    Toast.show({ content: error instanceof Error ? error.message : String(error) });
    return;
  }
  Toast.show({
    icon: options.done.isSuccess ? 'success' : undefined,
    content: options.done.content,
  });
  options.afterDone?.();
}

import { useState } from 'react';
import { App } from 'antd';
import type { PrintJob } from '@marquee/contracts/console';
import { ThermalPrint } from '@/lib/thermal-print';
import { useCounterPrint } from '../api/use-counter-print';
import { boxOfficeMessages } from '../box-office-messages';
import { SaleSlips } from './print-slips';

/**
 * Printing a sale's slips: asks the server for them (the first print, or a counted reprint) and
 * opens the print dialog once they are laid out. Answers the print button's handler and state.
 */
export function useSalePrinting() {
  const t = boxOfficeMessages.useMessages();
  const { message } = App.useApp();
  const print = useCounterPrint();
  const [job, setJob] = useState<PrintJob | null>(null);
  const [isPending, setPending] = useState(false);
  const start = (orderId: string) =>
    print.mutate(orderId, {
      onSuccess: (answer) => {
        setJob(answer);
        setPending(true);
      },
      onError: (error) => void message.error(error.message),
    });
  const slips = job && (
    <ThermalPrint
      isPending={isPending}
      onPrinted={() => {
        setPending(false);
        void message.success(t('printed'));
      }}
    >
      <SaleSlips job={job} />
    </ThermalPrint>
  );
  return { start, isPending: print.isPending, job, slips };
}

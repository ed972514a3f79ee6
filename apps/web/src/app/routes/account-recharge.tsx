import { RechargeForm } from '@/features/cards/components/recharge-form';

export default function AccountRechargePage() {
  return <RechargeForm />;
}

import { payPasswordProblem } from '@marquee/contracts';

/**
 * The steps of setting (new → confirm) or changing (old → new → confirm) the pay password, as a
 * pure reducer: the sheet renders a step, feeds it the six digits, and submits when it says so.
 */
export type FlowStep = 'old' | 'new' | 'confirm';
export type FlowProblem = 'format' | 'trivial' | 'mismatch';

export interface FlowState {
  step: FlowStep;
  oldPassword: string | null;
  newPassword: string | null;
  problem: FlowProblem | null;
  /** Both passwords are known and agree: send them. */
  isReady: boolean;
}

export function startFlow(hasPayPassword: boolean): FlowState {
  return {
    step: hasPayPassword ? 'old' : 'new',
    oldPassword: null,
    newPassword: null,
    problem: null,
    isReady: false,
  };
}

export function enterDigits(state: FlowState, digits: string): FlowState {
  switch (state.step) {
    case 'old':
      return { ...state, step: 'new', oldPassword: digits, problem: null };
    case 'new': {
      const problem = payPasswordProblem(digits);
      if (problem) return { ...state, problem };
      return { ...state, step: 'confirm', newPassword: digits, problem: null };
    }
    case 'confirm':
      if (digits !== state.newPassword) {
        return { ...state, step: 'new', newPassword: null, problem: 'mismatch' };
      }
      return { ...state, problem: null, isReady: true };
  }
}

/** After the server refused the old password: ask for it again. */
export function retryOldPassword(state: FlowState): FlowState {
  return { ...state, step: 'old', oldPassword: null, newPassword: null, isReady: false };
}

/** After the server refused the new one (or the payload expired): ask for the new one again. */
export function retryNewPassword(state: FlowState): FlowState {
  return {
    ...state,
    step: 'new',
    newPassword: null,
    isReady: false,
  };
}

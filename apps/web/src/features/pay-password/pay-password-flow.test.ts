import { describe, expect, it } from 'vitest';
import { enterDigits, retryOldPassword, startFlow } from './pay-password-flow';

describe('the pay password flow', () => {
  it('sets a first password with new then confirm', () => {
    let state = startFlow(false);
    expect(state.step).toBe('new');
    state = enterDigits(state, '258013');
    expect(state).toMatchObject({ step: 'confirm', newPassword: '258013', isReady: false });
    state = enterDigits(state, '258013');
    expect(state).toMatchObject({ isReady: true, oldPassword: null, problem: null });
  });

  it('asks for the old password first when changing', () => {
    let state = startFlow(true);
    expect(state.step).toBe('old');
    state = enterDigits(state, '111000');
    state = enterDigits(state, '369147');
    state = enterDigits(state, '369147');
    expect(state).toMatchObject({ isReady: true, oldPassword: '111000', newPassword: '369147' });
  });

  it('stays on the new step for a trivial password, saying why', () => {
    const state = enterDigits(startFlow(false), '123456');
    expect(state).toMatchObject({ step: 'new', problem: 'trivial', newPassword: null });
  });

  it('goes back to the new step when the confirmation differs', () => {
    let state = enterDigits(startFlow(false), '258013');
    state = enterDigits(state, '258014');
    expect(state).toMatchObject({ step: 'new', problem: 'mismatch', newPassword: null });
    expect(state.isReady).toBe(false);
  });

  it('asks for the old password again after the server refused it', () => {
    let state = startFlow(true);
    for (const digits of ['000111', '369147', '369147']) state = enterDigits(state, digits);
    state = retryOldPassword(state);
    expect(state).toMatchObject({
      step: 'old',
      oldPassword: null,
      newPassword: null,
      isReady: false,
    });
  });
});

/** The sign-in card's rules: what keeps a form from being sent, and what a refusal says. */
import { GUEST_NAME_PREFIX, looksLikeGuestName, PASSWORD_LENGTH, USERNAME_LENGTH } from '../../players/domain/username';
import { errorMessage, t, type Text } from '../common/messages';
import { ApiError } from '../transport/api';
import { type AuthMode } from './model';

/**
 * What keeps the sign-in form from being sent, said in the page's language (the browser's own
 * bubbles would speak the browser's language, and the server's messages name fields by their API
 * names): a missing field, and on registering the name's and the password's rules. Null: send it.
 */
export function authProblem(action: AuthMode, username: string, password: string): Text | null {
  const name = username.trim();
  if (name === '') return t('lobby.form.usernameMissing');
  if (password === '') return t('lobby.form.passwordMissing');
  if (action !== 'register') return null;
  if (name.length < USERNAME_LENGTH.min || name.length > USERNAME_LENGTH.max || !/^[A-Za-z0-9_-]+$/.test(name) || looksLikeGuestName(name)) {
    return t('lobby.form.usernameRule', { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max, prefix: GUEST_NAME_PREFIX });
  }
  if (password.length < PASSWORD_LENGTH.min) return t('lobby.form.passwordShort', { min: PASSWORD_LENGTH.min });
  return null;
}

/** What keeps the password form from being sent: an empty field, or a new password under the rule's length. Null: send it. */
export function passwordChangeProblem(currentPassword: string, newPassword: string): Text | null {
  if (currentPassword === '' || newPassword === '') return t('lobby.form.passwordMissing');
  if (newPassword.length < PASSWORD_LENGTH.min) return t('lobby.form.passwordShort', { min: PASSWORD_LENGTH.min });
  return null;
}

/**
 * What a failed log-in or registration says: a refused password in our words; a name or password
 * the server does not accept in the server's own sentence (it names the rule that failed: "username
 * may contain only letters, digits, _ and -"), not a generic "the request is not valid".
 */
export function authError(action: AuthMode, e: unknown): Text {
  if (e instanceof ApiError && e.status === 401 && action === 'login') return t('lobby.wrongPassword');
  if (e instanceof ApiError && e.code === 'VALIDATION_FAILED' && e.serverMessage) return t('server.message', { message: e.serverMessage });
  return errorMessage(e);
}


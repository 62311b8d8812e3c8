import { errorText } from '../errors';

/** Why keeping failed, as a sentence: a full device's storage says so. */
export function keptErrorText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return "this device's storage for the catalogue is full. Remove something kept (My Account → Kept on this device) and try again.";
  }
  return errorText(error);
}

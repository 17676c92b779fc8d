import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import type { SocialLoginState } from './api';

/** Spec §3 socialLogin state, kept for this tab only between the Google callback and complete-profile. */
export const readSocialLoginState = () => readJson<SocialLoginState>(STORAGE_KEYS.socialLogin, sessionStorage);
export const saveSocialLoginState = (state: SocialLoginState) => writeJson(STORAGE_KEYS.socialLogin, state, sessionStorage);
export const clearSocialLoginState = () => sessionStorage.removeItem(STORAGE_KEYS.socialLogin);

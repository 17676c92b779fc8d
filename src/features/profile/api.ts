import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type * as z from 'zod/mini';
import { otpSentData } from '#contract/auth';
import type { UploadedImage } from '#contract/media';
import {
  countriesData,
  profileSettingBody,
  profileSummaryData,
  validateHandleData,
  type updateProfileBody,
} from '#contract/profile';
import type { changeMobileBody, updateMobileBody } from '#contract/phone';
import { ownProfile, type OwnProfile } from '#contract/user';
import { api } from '../../lib/api-client';
import { uploadImage, type ImagePurpose } from '../../lib/upload';
import { profileQuery } from '../auth/api';
import { useSessionActions } from '../auth/session-context';

/**
 * The member's own profile. `GET /api/profile` is the auth area's `profileQuery` (the shell refreshes the stored
 * member with it); this area reads the same cache entry rather than a second copy of the same answer.
 */
export const ownProfileQuery = profileQuery;

export const profileKeys = {
  all: ['profile'] as const,
  summary: () => [...profileKeys.all, 'summary'] as const,
  countries: () => [...profileKeys.all, 'countries'] as const,
  handle: (handleName: string) => [...profileKeys.all, 'handle', handleName] as const,
  upload: () => [...profileKeys.all, 'upload'] as const,
};

/** Follower, following and content counts (`GET /api/user-profile-summary`). */
export const profileSummaryQuery = queryOptions({
  queryKey: profileKeys.summary(),
  queryFn: ({ signal }) => api.get(profileSummaryData, 'user-profile-summary', { signal }).then((r) => r.data),
});

/** Countries with dial codes for the phone dialog; they do not change while the app is open. */
export const countriesQuery = queryOptions({
  queryKey: profileKeys.countries(),
  queryFn: ({ signal }) => api.get(countriesData, 'country', { signal }).then((r) => r.data),
  staleTime: Infinity,
});

/**
 * Is this handle free? The member's own current handle counts as free. Only a hint while typing (the save decides),
 * so a failed check says nothing rather than raising a toast.
 */
export const handleAvailabilityQuery = (handleName: string) =>
  queryOptions({
    queryKey: profileKeys.handle(handleName),
    queryFn: ({ signal }) => api.post(validateHandleData, 'validate-handle', { handleName }, { signal }).then((r) => r.data.available),
    staleTime: 30_000,
    meta: { silent: true },
  });

/** Keeps the stored member (every screen's units, avatar, handle) and the profile query in step with an answer. */
export function useSyncOwnProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useSessionActions();
  return useCallback(
    (profile: OwnProfile) => {
      // A profile fetch still on its way started before this change: its older answer must not overwrite this one.
      void queryClient.cancelQueries({ queryKey: ownProfileQuery.queryKey });
      setUser(profile);
      queryClient.setQueryData(ownProfileQuery.queryKey, profile);
    },
    [queryClient, setUser],
  );
}

export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** `PUT /api/update_profile`: only the contract's fields. */
export function useUpdateProfile() {
  const sync = useSyncOwnProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.put(ownProfile, 'update_profile', body),
    onSuccess: ({ data }) => {
      sync(data);
      // Follower counts do not change with a save, but a new handle may answer differently now.
      void queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'handle'] });
    },
  });
}

export type ProfileSettingBody = z.input<typeof profileSettingBody>;

/** `POST /api/profileSetting`: privacy or units, saved the moment they change. */
export function useProfileSetting() {
  const sync = useSyncOwnProfile();
  return useMutation({
    mutationFn: (body: ProfileSettingBody) => api.post(ownProfile, 'profileSetting', body),
    onSuccess: ({ data }) => sync(data),
  });
}

/** `POST /api/change_mobile`: texts a 4-digit code to the new number. */
export const useChangeMobile = () =>
  useMutation({
    mutationFn: (body: z.input<typeof changeMobileBody>) => api.post(otpSentData, 'change_mobile', body),
  });

/** `POST /api/update_mobile`: the code proves the number; the answer is the member with it. */
export function useUpdateMobile() {
  const sync = useSyncOwnProfile();
  return useMutation({
    mutationFn: (body: z.input<typeof updateMobileBody>) => api.post(ownProfile, 'update_mobile', body),
    onSuccess: ({ data }) => sync(data),
  });
}

export type UploadImageInput = {
  image: Blob;
  purpose: ImagePurpose;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /api/compress-image` with progress. Inside a mutation so failures are toasted and a 401 ends the session
 * like every other call; a cancelled upload resolves to null instead (cancelling is not a failure).
 */
export const useUploadImage = () =>
  useMutation({
    mutationKey: profileKeys.upload(),
    mutationFn: async ({ image, purpose, onProgress, signal }: UploadImageInput): Promise<UploadedImage | null> => {
      try {
        return await uploadImage(image, purpose, { onProgress, signal });
      } catch (error) {
        if (signal?.aborted) return null;
        throw error;
      }
    },
  });

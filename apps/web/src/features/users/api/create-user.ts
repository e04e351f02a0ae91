import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UserResource } from '../../../lib/user-resource';
import type { UserBody } from '../user-form';

/** POST /api/users/create → 201 with the new user. The user sets a password through a password-change link. */
export function createUser(body: UserBody): Promise<UserResource> {
  return apiClient.post<UserResource>('/api/users/create', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

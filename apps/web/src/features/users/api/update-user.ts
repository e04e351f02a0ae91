import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UserResource } from '../../../lib/user-resource';
import type { UserBody } from '../user-form';
import { userPath } from './user-path';

/**
 * PATCH /api/users/:id with the profile and the roles the actor can see; the server keeps the user's
 * roles at clinics outside the actor's scope.
 */
export function updateUser({ id, body }: { id: string; body: Partial<UserBody> }): Promise<UserResource> {
  return apiClient.patch<UserResource>(userPath(id), body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
      // The signed-in user may have changed their own profile or roles.
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

/** After money moves or a trade, the screen shows the new balances and lists without a reload. */
export function useRefreshingMutation<T, R>(mutationFn: (input: T) => Promise<R>, queryKeys: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(queryKeys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}

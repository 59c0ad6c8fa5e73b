import { notFoundResponse, uploadImageResponse } from '#app/http/upload-image-response.server.ts'
import { findAvatarFile } from '#app/modules/media/avatars.server.ts'
import { isAvatarSize } from '#app/modules/media/avatar.ts'
import type { Route } from './+types/avatar'

/** GET /avatars/{avatarId}/{256|64}: the broker's current avatar, to anyone; else 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isAvatarSize(params.size)) return notFoundResponse()
  return uploadImageResponse(request, await findAvatarFile(params.avatarId, Number(params.size) as 256 | 64), params.avatarId, params.size)
}

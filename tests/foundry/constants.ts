/**
 * The parts of v13's `common/constants.mjs` our code and the harness read.
 */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

export const DOCUMENT_OWNERSHIP_LEVELS = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** Each permission with its default role (common/constants.mjs USER_PERMISSIONS). */
export const USER_PERMISSIONS: Record<string, { defaultRole: number }> = {
  ACTOR_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  ITEM_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  TOKEN_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  TOKEN_DELETE: { defaultRole: USER_ROLES.ASSISTANT },
  TEMPLATE_CREATE: { defaultRole: USER_ROLES.PLAYER },
  MESSAGE_WHISPER: { defaultRole: USER_ROLES.PLAYER },
  SETTINGS_MODIFY: { defaultRole: USER_ROLES.ASSISTANT },
  QUERY_USER: { defaultRole: USER_ROLES.PLAYER },
  FILES_BROWSE: { defaultRole: USER_ROLES.TRUSTED },
  MACRO_SCRIPT: { defaultRole: USER_ROLES.PLAYER },
};

export const DICE_ROLL_MODES = {
  PUBLIC: "publicroll",
  PRIVATE: "gmroll",
  BLIND: "blindroll",
  SELF: "selfroll",
} as const;

export const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

export const WALL_SENSE_TYPES = { NONE: 0, LIMITED: 10, PROXIMITY: 30, DISTANCE: 40, NORMAL: 20 } as const;
export const WALL_MOVEMENT_TYPES = { NONE: 0, NORMAL: 20 } as const;
export const WALL_DOOR_TYPES = { NONE: 0, DOOR: 1, SECRET: 2 } as const;
export const WALL_DOOR_STATES = { CLOSED: 0, OPEN: 1, LOCKED: 2 } as const;
export const WALL_DIRECTIONS = { BOTH: 0, LEFT: 1, RIGHT: 2 } as const;

export const CHAT_MESSAGE_STYLES = { OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 } as const;

export const BASE_DOCUMENT_TYPE = "base";

/** common/constants.mjs (v13): the default Actor and token image. */
export const DEFAULT_TOKEN = "icons/svg/mystery-man.svg";

export const CONST = {
  USER_ROLES,
  DOCUMENT_OWNERSHIP_LEVELS,
  USER_PERMISSIONS,
  DICE_ROLL_MODES,
  TOKEN_DISPOSITIONS,
  WALL_SENSE_TYPES,
  WALL_MOVEMENT_TYPES,
  WALL_DOOR_TYPES,
  WALL_DOOR_STATES,
  WALL_DIRECTIONS,
  CHAT_MESSAGE_STYLES,
  BASE_DOCUMENT_TYPE,
  DEFAULT_TOKEN,
  vtt: "Foundry VTT",
};

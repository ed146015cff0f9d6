// The play pages' entry: the lobby (/play) or a game's table (/play/<session>), over the
// public API (play-api.js).

import { lobby } from "./play-lobby.js";
import { table } from "./play-table.js";

if (document.body.dataset.page === "lobby") lobby();
else table();

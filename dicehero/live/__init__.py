"""Live updates: the SSE wire format, and the fan-out of game events to connected clients."""

from dicehero.live.bus import Broker, Bus, InProcessBus, Subscription, encode_event
from dicehero.live.sse import KEEPALIVE, format_sse

__all__ = ["KEEPALIVE", "Broker", "Bus", "InProcessBus", "Subscription", "encode_event",
           "format_sse"]

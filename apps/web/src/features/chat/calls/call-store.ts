import { useSyncExternalStore } from 'react';
import type { Call, CallSignal, CallStatus, Contact } from '@tradeloop/contracts/chat';
import { request } from '../realtime/socket.ts';

/**
 * One call at a time, peer to peer over WebRTC. The server only relays signalling on the users'
 * channels: ring, accept, decline, offer, answer, ICE candidates, hang up.
 */

export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'connecting' | 'connected' | 'ended';

export type CallState = {
  phase: CallPhase;
  call: Call | null;
  other: Contact | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  connectedAt: number | null;
  outcome: CallStatus | null;
  error: string | null;
};

const IDLE: CallState = {
  phase: 'idle',
  call: null,
  other: null,
  local: null,
  remote: null,
  connectedAt: null,
  outcome: null,
  error: null,
};

let state: CallState = IDLE;
let peer: RTCPeerConnection | null = null;
let pendingCandidates: RTCIceCandidateInit[] = [];
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

function set(patch: Partial<CallState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function useCallState(): CallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Called whenever a call ends, so the calls tab can refresh. */
export function onCallEnded(listener: () => void) {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function cleanup(outcome: CallStatus | null, error: string | null = null) {
  peer?.close();
  peer = null;
  pendingCandidates = [];
  state.local?.getTracks().forEach((track) => track.stop());
  set({ phase: 'ended', local: null, remote: null, outcome, error });
  for (const listener of endListeners) listener();
  setTimeout(() => {
    if (state.phase === 'ended') set(IDLE);
  }, 2500);
}

async function media(kind: 'audio' | 'video') {
  return navigator.mediaDevices.getUserMedia({ audio: true, video: kind === 'video' });
}

function createPeer(callId: number, local: MediaStream) {
  const connection = new RTCPeerConnection({ iceServers: [] });
  local.getTracks().forEach((track) => connection.addTrack(track, local));
  connection.onicecandidate = (event) => {
    if (event.candidate) {
      void request('call:signal', {
        call_id: callId,
        data: { type: 'candidate', candidate: event.candidate.toJSON() },
      });
    }
  };
  connection.ontrack = (event) => set({ remote: event.streams[0] ?? new MediaStream([event.track]) });
  connection.onconnectionstatechange = () => {
    if (connection.connectionState === 'connected' && state.phase !== 'connected') {
      set({ phase: 'connected', connectedAt: Date.now() });
    }
  };
  peer = connection;
  return connection;
}

async function flushCandidates() {
  if (!peer) return;
  for (const candidate of pendingCandidates) await peer.addIceCandidate(candidate).catch(() => undefined);
  pendingCandidates = [];
}

export async function startCall(roomId: number, kind: 'audio' | 'video', other: Contact) {
  if (state.phase !== 'idle' && state.phase !== 'ended') return;
  set({ ...IDLE, phase: 'outgoing', other });
  try {
    const local = await media(kind);
    set({ local });
    const call = await request<Call>('call:start', { room_id: roomId, media: kind });
    set({ call });
  } catch (error) {
    cleanup(null, error instanceof Error ? error.message : 'The call could not start.');
  }
}

export async function acceptCall() {
  const call = state.call;
  if (!call || state.phase !== 'incoming') return;
  set({ phase: 'connecting' });
  try {
    const local = await media(call.media);
    set({ local });
    createPeer(call.id, local);
    await request('call:accept', { call_id: call.id });
  } catch (error) {
    await request('call:decline', { call_id: call.id }).catch(() => undefined);
    cleanup('declined', error instanceof Error ? error.message : 'The call could not be answered.');
  }
}

export async function declineCall() {
  const call = state.call;
  if (!call) return;
  await request('call:decline', { call_id: call.id }).catch(() => undefined);
  cleanup('declined');
}

export async function hangUp() {
  const call = state.call;
  if (!call) return cleanup(null);
  await request('call:hangup', { call_id: call.id }).catch(() => undefined);
  cleanup(state.phase === 'connected' ? 'ended' : 'missed');
}

/** Live events from the socket. */
export const callEvents = {
  ring({ call, from }: { call: Call; from: Contact }) {
    if (state.phase !== 'idle' && state.phase !== 'ended') {
      void request('call:decline', { call_id: call.id }).catch(() => undefined);
      return;
    }
    set({ ...IDLE, phase: 'incoming', call, other: from });
  },
  async accepted({ call_id }: { call_id: number }) {
    if (state.call?.id !== call_id || state.phase !== 'outgoing' || !state.local) return;
    set({ phase: 'connecting' });
    const connection = createPeer(call_id, state.local);
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    await request('call:signal', { call_id, data: { type: 'offer', sdp: offer.sdp ?? '' } });
  },
  async signal({ call_id, data }: { call_id: number; data: CallSignal }) {
    if (state.call?.id !== call_id || !peer) return;
    if (data.type === 'offer') {
      await peer.setRemoteDescription({ type: 'offer', sdp: data.sdp });
      await flushCandidates();
      const answer = await peer.createAnswer();
      await peer.setLocalDescription(answer);
      await request('call:signal', { call_id, data: { type: 'answer', sdp: answer.sdp ?? '' } });
    } else if (data.type === 'answer') {
      await peer.setRemoteDescription({ type: 'answer', sdp: data.sdp });
      await flushCandidates();
    } else if (peer.remoteDescription) {
      await peer.addIceCandidate(data.candidate as RTCIceCandidateInit).catch(() => undefined);
    } else {
      pendingCandidates.push(data.candidate as RTCIceCandidateInit);
    }
  },
  ended({ call_id, status }: { call_id: number; status: CallStatus }) {
    if (state.call?.id !== call_id || state.phase === 'ended' || state.phase === 'idle') return;
    cleanup(status);
  },
};

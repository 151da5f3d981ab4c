package io.lockfacade.group.raft;

import io.lockfacade.api.NotLeaderException;
import io.lockfacade.group.state.Command;
import io.lockfacade.group.state.Outcome;
import io.lockfacade.group.state.TypeQuery;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.exceptions.RaftException;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands commands and reads to this member's Raft server in-process ({@code submitClientRequestAsync}, no Raft
 * client) and turns the reply into an {@link Outcome}. Every failure that means "this member cannot serve it"
 * (not leader, leader not ready, stepping down, read index failed) becomes the contract's
 * {@link NotLeaderException} naming the leader if one is known; anything else is an {@link IllegalStateException}.
 */
public final class RaftSubmitter {

    private final GroupMember member;
    private final ClientId clientId = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();

    /** @param member the member whose server receives the requests */
    public RaftSubmitter(GroupMember member) {
        this.member = member;
    }

    /** @return the outcome of appending and applying {@code command}; fails as the class comment says */
    public CompletableFuture<Outcome> submit(Command command) {
        return send(command.encode(), RaftClientRequest.writeRequestType()).thenApply(Outcome::decode);
    }

    /**
     * Appends several commands as one entry (one replication round), applied in order.
     *
     * @return the outcome of each command, in the batch's order; fails as the class comment says
     */
    public CompletableFuture<List<Outcome>> submit(CommandBatch batch) {
        return send(batch.encode(), RaftClientRequest.writeRequestType()).thenApply(CommandBatch::decodeOutcomes);
    }

    /** @return the outcome of a linearizable read (ReadIndex) of {@code query} */
    public CompletableFuture<Outcome> read(TypeQuery query) {
        return send(query.encode(), RaftClientRequest.readRequestType()).thenApply(Outcome::decode);
    }

    private CompletableFuture<byte[]> send(byte[] body, RaftClientRequest.Type type) {
        RaftClientRequest request = RaftClientRequest.newBuilder()
                .setClientId(clientId)
                .setServerId(member.server().getId())
                .setGroupId(member.groupId())
                .setCallId(callIds.incrementAndGet())
                .setMessage(Message.valueOf(ByteString.copyFrom(body)))
                .setType(type)
                .build();
        CompletableFuture<RaftClientReply> reply;
        try {
            reply = member.submitDirect(request);
        } catch (IOException | RuntimeException refused) {
            return CompletableFuture.failedFuture(notLeader());
        }
        return reply.handle((answer, failure) -> {
            if (failure != null) {
                throw notLeader();
            }
            if (answer.isSuccess()) {
                return answer.getMessage().getContent().toByteArray();
            }
            throw translate(answer);
        });
    }

    private RuntimeException translate(RaftClientReply reply) {
        if (reply.getNotLeaderException() != null) {
            return NotLeaderException.pointingTo(reply.getNotLeaderException().getSuggestedLeader() == null ? null
                    : member.endpointOf(reply.getNotLeaderException().getSuggestedLeader().getId()).orElse(null));
        }
        RaftException failure = reply.getException();
        if (failure == null || reply.getStateMachineException() == null) {
            return notLeader();
        }
        return new IllegalStateException("the replicated table refused the command: " + failure.getMessage());
    }

    /** @return the contract's answer naming the leader this member knows, unless that is itself */
    public NotLeaderException notLeader() {
        String selfId = member.self().id();
        return NotLeaderException.pointingTo(member.leaderId().filter(id -> !id.equals(selfId))
                .flatMap(id -> member.topology().member(id)).map(GroupMemberAddress::serviceUri).orElse(null));
    }
}

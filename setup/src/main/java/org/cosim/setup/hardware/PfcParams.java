package org.cosim.setup.hardware;

/** PFC on the data class: pause the upstream when an ingress holds more than xoff bytes, resume at xon. */
public record PfcParams(boolean enabled, long xoffBytes, long xonBytes) {
    public static final PfcParams OFF = new PfcParams(false, 0, 0);
}
